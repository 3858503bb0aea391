// Leads carry buyers' e-mail addresses and phone numbers: only staff with the lead capability (the
// Sales role, administrators) list them, open one, change a status or download the CSV. WordPress's
// writing roles (Contributor, Author, Editor) get a refusal at every door and no Messages menu; a
// Sales user works leads but cannot open the site's settings, plugins or users. The role comes with
// the plugin: on activation and on the upgrade of an install from before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToWpAdmin, type WpAdminSession } from '../../scripts/lib/wp-admin.mjs';
import { linkHref } from './support/admin';
import { deleteStoredMessages, newStaffAccount, randomIp, storedMessages, wpPhp } from './support/local';
import { CONTACT, contactBody, senderAddresses } from './support/leads';
import { rest, token, WP } from './support/wordpress';

const MANAGE_LEADS = 'car_export_manage_leads';
const SALES = 'car_export_sales';

type Staff = { id: number; username: string; password: string; session: WpAdminSession };

const senders = senderAddresses('leadaccess');
const accounts: number[] = [];
let lead = 0;
let leadEmail = '';

/** A wp-admin account of `role`, signed in. */
async function staff(role: string): Promise<Staff> {
  const { id, username, password } = newStaffAccount(role);
  accounts.push(id);
  return { id, username, password, session: await signInToWpAdmin(WP, { username, password }) };
}

/**
 * The nonce WordPress would print for `user` in their signed-in session (the links a refused user is
 * never shown): a refusal then comes from the capability check, not from a missing nonce.
 */
function nonceFor(user: Staff, action: string): string {
  const loggedIn = user.session.cookie
    .split('; ')
    .find((c) => c.startsWith('wordpress_logged_in_'))!
    .replace(/^[^=]+=/, '');
  return wpPhp<string>(
    `$_COOKIE[ LOGGED_IN_COOKIE ] = urldecode( $argv[1] ); wp_set_current_user( (int) $argv[2] ); echo json_encode( wp_create_nonce( $argv[3] ) );`,
    loggedIn,
    String(user.id),
    action,
  );
}

const statusOf = (id: number) =>
  wpPhp<string>(`echo json_encode( (string) get_post_meta( (int) $argv[1], '_message_status', true ) );`, String(id));

const listUrl = '/wp-admin/edit.php?post_type=contact_message';
const leadUrl = () => `/wp-admin/post.php?post=${lead}&action=edit`;
const statusUrl = (nonce: string, status: string) =>
  `/wp-admin/admin-post.php?${new URLSearchParams({ action: 'car_export_lead_status', post: String(lead), status, _wpnonce: nonce })}`;
const csvUrl = (nonce: string) =>
  `/wp-admin/admin-post.php?${new URLSearchParams({ action: 'car_export_leads_csv', post_type: 'contact_message', _wpnonce: nonce })}`;

beforeAll(async () => {
  leadEmail = senders.next();
  const res = await rest(CONTACT, { method: 'POST', body: contactBody(leadEmail), headers: { 'X-Forwarded-For': randomIp() } });
  expect(res.status).toBe(201);
  lead = storedMessages(leadEmail)[0]!.id;
});

afterAll(() => {
  deleteStoredMessages(senders.used);
  if (accounts.length)
    wpPhp(
      `require_once ABSPATH . 'wp-admin/includes/user.php'; foreach ( array_slice( $argv, 1 ) as $id ) { wp_delete_user( (int) $id ); } echo 1;`,
      ...accounts.map(String),
    );
});

describe('staff without the lead capability', () => {
  for (const role of ['contributor', 'author', 'editor']) {
    it(`${role}: no lead list, lead, status change or CSV, and no Messages menu`, async () => {
      const user = await staff(role);
      const before = statusOf(lead);

      const dashboard = await (await user.session.get('/wp-admin/index.php')).text();
      expect(dashboard).toContain('id="adminmenu"');
      expect(dashboard).not.toContain('post_type=contact_message');
      expect(dashboard).not.toContain(leadEmail);

      const list = await user.session.get(listUrl);
      expect(list.status).toBe(403);
      expect(await list.text()).not.toContain(leadEmail);

      const screen = await user.session.get(leadUrl());
      expect(screen.status).toBe(403);
      expect(await screen.text()).not.toContain(leadEmail);

      const status = await user.session.get(statusUrl(nonceFor(user, `car_export_lead_status_${lead}`), 'won'));
      expect(status.status).toBe(403);
      expect(await status.text()).toContain('You are not allowed to change this lead.');
      expect(statusOf(lead)).toBe(before);

      const csv = await user.session.get(csvUrl(nonceFor(user, 'car_export_leads_csv')));
      expect(csv.status).toBe(403);
      const body = await csv.text();
      expect(body).toContain('You are not allowed to export leads.');
      expect(body).not.toContain(leadEmail);
    });
  }
});

describe('a Sales user', () => {
  let sales: Staff;
  beforeAll(async () => {
    sales = await staff(SALES);
  });

  it('lists and opens leads, changes a status from the list and downloads the CSV', async () => {
    const dashboard = await (await sales.session.get('/wp-admin/index.php')).text();
    expect(dashboard).toContain('edit.php?post_type=contact_message');

    const list = await sales.session.get(listUrl);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(`id="post-${lead}"`);

    const screen = await sales.session.get(leadUrl());
    expect(screen.status).toBe(200);
    expect(await screen.text()).toContain(leadEmail);

    const row = html.match(new RegExp(`<tr id="post-${lead}"[\\s\\S]*?</tr>`))?.[0] ?? '';
    const mark = linkHref(row, 'Mark Lost');
    expect(mark, 'the row offers its status links').toBeDefined();
    const changed = await sales.session.get(mark!);
    expect(changed.status).toBe(302);
    expect(statusOf(lead)).toBe('lost');

    const exportLink = linkHref(html, 'Export CSV');
    expect(exportLink).toBeDefined();
    const csv = await sales.session.get(exportLink!);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain(leadEmail);
  });

  it('is staff, not a buyer: the site cannot delete the account', async () => {
    const res = await rest('/car-export/v1/account/delete', {
      method: 'POST',
      token: await token(sales.username, sales.password),
      body: { password: sales.password },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Staff accounts are managed in WordPress.');
    expect(wpPhp<boolean>(`echo json_encode( false !== get_userdata( (int) $argv[1] ) );`, String(sales.id))).toBe(true);
  });

  it('cannot open the settings, plugins, users or the car list', async () => {
    for (const path of [
      '/wp-admin/options-general.php?page=car-export',
      '/wp-admin/plugins.php',
      '/wp-admin/users.php',
      '/wp-admin/edit.php?post_type=car',
    ]) {
      const res = await sales.session.get(path);
      expect(res.status, path).toBe(403);
    }
  });
});

describe('the role on an existing install', () => {
  it('an upgrade from 1.7.0 creates the Sales role and gives administrators the lead capability', async () => {
    const removed = wpPhp<{ role: boolean; admin: boolean }>(`
      remove_role( '${SALES}' );
      get_role( 'administrator' )->remove_cap( '${MANAGE_LEADS}' );
      update_option( 'car_export_db_version', '1.7.0', true );
      echo json_encode( array( 'role' => null !== get_role( '${SALES}' ), 'admin' => get_role( 'administrator' )->has_cap( '${MANAGE_LEADS}' ) ) );
    `);
    expect(removed).toEqual({ role: false, admin: false });

    // Any request to WordPress runs the upgrade check.
    expect((await fetch(`${WP}/wp-json/`)).status).toBe(200);
    const after = wpPhp<{ caps: Record<string, boolean>; admin: boolean; version: string }>(`
      echo json_encode( array( 'caps' => (object) ( get_role( '${SALES}' )->capabilities ?? array() ),
        'admin' => get_role( 'administrator' )->has_cap( '${MANAGE_LEADS}' ), 'version' => get_option( 'car_export_db_version' ) ) );
    `);
    expect(after.caps).toEqual({ read: true, [MANAGE_LEADS]: true });
    expect(after.admin).toBe(true);
    expect(after.version).not.toBe('1.7.0');
  });
});
