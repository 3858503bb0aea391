// Staff work leads from the wp-admin lists and the lead screen: bulk actions that say how many
// leads changed, notes kept as a history with author and time, the car's edit and site links,
// answer links (reply, WhatsApp, call), the received date as the Date column, and the
// technical fields folded away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, createCar, deleteCar, rest, unique } from './support/wordpress';
import { deleteStoredMessages, randomIp, storedMessages, wpPhp } from './support/local';
import { adminSession, linkHref, type AdminSession } from './support/admin';
import { CONTACT, INQUIRIES, contactBody, inquiryBody, senderAddresses } from './support/leads';

const senders = senderAddresses('leadadmin');
let car: number;
let stock: string;
let admin: AdminSession;
let listNonce: string;

async function sendLead(route: string, body: Record<string, unknown>): Promise<number> {
  const res = await rest(route, { method: 'POST', body, headers: { 'X-Forwarded-For': randomIp() } });
  expect(res.status).toBe(201);
  const email = String(body.email ?? body.emailAddress);
  return storedMessages(email)[0]!.id;
}

const contactLead = () => sendLead(CONTACT, contactBody(senders.next()));

function leadMeta(id: number, key: string): string {
  return wpPhp<string>(`echo json_encode( (string) get_post_meta( (int) $argv[1], $argv[2], true ) );`, String(id), key);
}

const rowOf = (html: string, id: number) => html.match(new RegExp(`<tr id="post-${id}"[\\s\\S]*?</tr>`))?.[0] ?? '';
const noticeOf = (html: string) =>
  html
    .match(/<div class="notice notice-\w+ is-dismissible"><p>([^<]*)<\/p>/)?.[1]
    ?.replace(/&#0?39;/g, "'")
    .trim();

/** Runs a bulk action of a lead list as its form would send it (the list's own nonce). */
async function bulk(postType: string, action: string, ids: number[], nonce?: string): Promise<Response> {
  const query = new URLSearchParams({ post_type: postType, action, _wpnonce: nonce ?? listNonce, post_status: 'all' });
  for (const id of ids) query.append('post[]', String(id));
  return admin.get(`/wp-admin/edit.php?${query}`);
}

beforeAll(async () => {
  admin = await adminSession();
  // The lists' bulk nonce is one per session, whichever list prints it.
  const list = await (await admin.get('/wp-admin/edit.php?post_type=contact_message')).text();
  listNonce = list.match(/id="_wpnonce" name="_wpnonce" value="([^"]+)"/)?.[1] ?? '';
  expect(listNonce).not.toBe('');
  stock = unique('QA-LA').toUpperCase();
  car = await createCar({ title: unique('QA Lead admin Toyota'), _car_brand: 'Toyota', _car_model: 'Hilux', _car_price: 21000 });
  wpPhp(`update_post_meta( (int) $argv[1], '_car_stock_number', $argv[2] ); echo 1;`, String(car), stock);
});

afterAll(async () => {
  deleteStoredMessages(senders.used);
  if (car) await deleteCar(car);
});

describe('bulk actions on the lead lists', () => {
  it('sets a status on the ticked leads, marks them read, and says how many changed', async () => {
    const [a, b, c] = [await contactLead(), await contactLead(), await contactLead()];
    wpPhp(`update_post_meta( (int) $argv[1], '_message_status', 'won' ); echo 1;`, String(c));

    const list = await (await admin.get('/wp-admin/edit.php?post_type=contact_message')).text();
    expect(list).toContain('<option value="car_export_lead_status_won">Mark Won</option>');
    expect(list).toContain('<option value="car_export_lead_unread">Mark unread</option>');

    const res = await bulk('contact_message', 'car_export_lead_status_won', [a, b, c]);
    expect(res.status).toBe(302);
    for (const id of [a, b, c]) {
      expect(leadMeta(id, '_message_status')).toBe('won');
    }
    expect(leadMeta(a, '_message_unread')).toBe('');
    // c was already Won but unread: marking it read changed it too.
    const back = await (await admin.get(res.headers.get('location')!)).text();
    expect(noticeOf(back)).toBe('3 leads marked Won.');
    expect(rowOf(back, a)).not.toContain('(unread)');
  });

  it('marks leads unread and read again, counting those already so', async () => {
    const [a, b] = [await contactLead(), await contactLead()];
    wpPhp(`delete_post_meta( (int) $argv[1], '_message_unread' ); echo 1;`, String(a));

    const unread = await bulk('contact_message', 'car_export_lead_unread', [a, b]);
    expect(leadMeta(a, '_message_unread')).toBe('1');
    expect(noticeOf(await (await admin.get(unread.headers.get('location')!)).text())).toBe('1 lead marked unread. 1 was already so.');

    const read = await bulk('contact_message', 'car_export_lead_read', [a, b]);
    expect(leadMeta(a, '_message_unread')).toBe('');
    expect(leadMeta(b, '_message_unread')).toBe('');
    const back = await (await admin.get(read.headers.get('location')!)).text();
    expect(noticeOf(back)).toBe('2 leads marked read.');
  });

  it('changes nothing without the list nonce, and leaves a car that is not a lead alone', async () => {
    const a = await contactLead();
    const forged = await bulk('contact_message', 'car_export_lead_status_lost', [a], 'not-a-nonce');
    expect(forged.status).not.toBe(302);
    expect(leadMeta(a, '_message_status')).toBe('new');

    const res = await bulk('contact_message', 'car_export_lead_status_lost', [a, car]);
    expect(leadMeta(a, '_message_status')).toBe('lost');
    expect(wpPhp<string>(`echo json_encode( (string) get_post_meta( (int) $argv[1], '_message_status', true ) );`, String(car))).toBe('');
    const back = await (await admin.get(res.headers.get('location')!)).text();
    expect(noticeOf(back)).toBe('1 lead marked Lost. 1 could not be changed: you may not edit it.');
  });
});

describe('the lead list and lead screen', () => {
  it('shows when each lead came as a sortable Date column, without a "Private" label on every row', async () => {
    const id = await contactLead();
    const received = wpPhp<string>(`echo json_encode( wp_date( 'Y-m-d H:i', get_post_timestamp( (int) $argv[1] ) ) );`, String(id));
    const list = await (await admin.get('/wp-admin/edit.php?post_type=contact_message')).text();
    const row = rowOf(list, id);
    expect(row).toContain(`>${received}</time>`);
    expect(row).not.toContain('Last Modified');
    expect(row).not.toMatch(/post-state[^>]*>Private/);
    expect(list).toMatch(/id=['"]received['"] class=['"][^'"]*sortable[^>]*><a href="[^"]*orderby=date/);
  });

  it('offers reply, WhatsApp and call links, the car in wp-admin and on the site, and folds the technical fields away', async () => {
    const body = inquiryBody(senders.next(), car, { phoneNumber: '+44 20 7946 0000' });
    const id = await sendLead(INQUIRIES, body);
    const screen = await (await admin.get(`/wp-admin/post.php?post=${id}&action=edit`)).text();

    const reply = linkHref(screen, 'Reply by e-mail');
    expect(reply).toMatch(
      new RegExp(`^mailto:${body.emailAddress.replace('.', '\\.')}\\?subject=Re%3A%20your%20inquiry%20about%20QA%20Lead%20admin%20Toyota`),
    );
    expect(linkHref(screen, 'WhatsApp')).toBe('https://wa.me/442079460000');
    expect(linkHref(screen, 'Call')).toBe('tel:+442079460000');
    expect(linkHref(screen, 'Edit car')).toContain(`post.php?post=${car}&action=edit`);
    expect(linkHref(screen, 'View on site')).toMatch(new RegExp(`/car/${car}$`));
    expect(screen).toContain(`stock ${stock}`);

    // The sender's address and browser are kept, inside a closed <details> after the message.
    const technical = screen.match(/<details class="car-export-lead-technical">([\s\S]*?)<\/details>/);
    expect(technical).not.toBeNull();
    expect(technical![0]).not.toMatch(/<details[^>]*\sopen/);
    expect(technical![1]).toContain('IP address');
    expect(technical![1]).toContain('Browser');
    const mainTable = screen.slice(screen.indexOf('car-export-lead-details'), screen.indexOf('car-export-lead-technical'));
    expect(mainTable).not.toContain('IP address');
    expect(mainTable).toContain('Car title when sent');

    // The list's car column links to the car both ways too.
    const row = rowOf(await (await admin.get('/wp-admin/edit.php?post_type=car_inquiry')).text(), id);
    expect(linkHref(row, 'Edit car')).toContain(`post.php?post=${car}&action=edit`);
    expect(linkHref(row, 'View on site')).toMatch(new RegExp(`/car/${car}$`));
  });

  it('keeps notes as a history with author and time; a save adds a note and never replaces one', async () => {
    const id = await contactLead();
    const form = async (note: string, nonce?: string) => {
      const screen = await (await admin.get(`/wp-admin/post.php?post=${id}&action=edit`)).text();
      const printed = screen.match(/name="car_export_lead_nonce" value="([^"]+)"/)?.[1];
      expect(printed).toBeDefined();
      return admin.post('/wp-admin/post.php', {
        action: 'editpost',
        post_ID: String(id),
        car_export_save_lead: 'Save lead',
        car_export_lead_status: 'contacted',
        car_export_lead_notes: note,
        car_export_lead_nonce: nonce ?? printed!,
      });
    };

    expect((await form('Forged', 'nope')).status).toBe(403);
    expect((await form('Called back; deposit <b>paid</b> \\ ok')).status).toBe(302);
    expect((await form('Sent the shipping quote')).status).toBe(302);
    expect((await form('   ')).status).toBe(302);

    const notes = wpPhp<{ author: number; time: number; text: string }[]>(
      `echo json_encode( get_post_meta( (int) $argv[1], '_message_note', false ) );`,
      String(id),
    );
    expect(notes.map((n) => n.text)).toEqual(['Called back; deposit paid \\ ok', 'Sent the shipping quote']);
    const adminId = wpPhp<number>(`echo json_encode( get_user_by( 'login', $argv[1] )->ID );`, adminCredentials().username);
    expect(notes.every((n) => n.author === adminId && Math.abs(n.time - Date.now() / 1000) < 120)).toBe(true);
    expect(leadMeta(id, '_message_status')).toBe('contacted');

    const screen = await (await admin.get(`/wp-admin/post.php?post=${id}&action=edit`)).text();
    const history = screen.match(/<ol class="car-export-notes">([\s\S]*?)<\/ol>/)?.[1] ?? '';
    const displayName = wpPhp<string>(`echo json_encode( get_userdata( (int) $argv[1] )->display_name );`, String(adminId));
    const items = [
      ...history.matchAll(/<li><span class="car-export-note-by">([^<]*)<\/span><div class="car-export-note-text">([^<]*)<\/div><\/li>/g),
    ];
    expect(items.map((m) => m[2])).toEqual(['Called back; deposit paid \\ ok', 'Sent the shipping quote']);
    expect(items[0]![1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d, ${displayName}$`));
    // The add box starts empty: what was written is in the history, not up for editing.
    expect(screen).toMatch(/<textarea id="car-export-lead-notes"[^>]*><\/textarea>/);
  });
});
