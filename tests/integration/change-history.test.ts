// Who changed a car's price or sale status, or a lead's status, when, from what, to what and
// through which screen: every way staff change them (the car form, Quick Edit, Bulk Edit, the CSV
// import, a lead's screen, its list's row links and bulk actions) leaves an entry, a save that
// changes nothing leaves none, and the car's and the lead's screens show the entries newest first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, bulkEditQuery, formArray, inputValue, linkHref, saveLead, submitEditForm, type AdminSession } from './support/admin';
import { testBrand } from './support/catalogue';
import { deleteStoredMessages, randomIp, storedMessages, wpPhp } from './support/local';
import { CONTACT, contactBody, senderAddresses } from './support/leads';
import { ROOT } from '../../scripts/lib/config.mjs';
import { wpCliArgs, wpCliEnv } from '../../scripts/lib/wp-cli.mjs';
import { adminCredentials, rest } from './support/wordpress';

type Entry = { field: string; from: string; to: string; via: string; user: number; name: string; at: number };

const BRAND = testBrand('Qhist');
const STOCK = `QH-${BRAND}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'change-history-test-'));
const senders = senderAddresses('history');
let admin: AdminSession;
let car: number;
let adminName: string;

const history = (id: number): Entry[] =>
  wpPhp<Entry[]>(`echo json_encode( get_post_meta( (int) $argv[1], '_car_export_history', false ) );`, String(id));

function importCsv(rows: string[][]): string {
  const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}.csv`);
  fs.writeFileSync(file, rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\r\n') + '\r\n');
  const res = spawnSync('php', wpCliArgs(['car-export', 'import', file]), {
    cwd: ROOT,
    env: wpCliEnv(),
    encoding: 'utf8',
    timeout: 120000,
  });
  return `${res.stdout}${res.stderr}`;
}

const HEADER = ['stockNumber', 'title', 'brand', 'model', 'price', 'saleStatus'];
const row = (price: string, sale: string) => [`${STOCK}-1`, `2021 ${BRAND} Alpha`, BRAND, 'Alpha', price, sale];

beforeAll(async () => {
  admin = await adminSession();
  adminName = wpPhp<string>(`echo json_encode( get_user_by( 'login', $argv[1] )->display_name );`, adminCredentials().username);
  // The import takes brands and models the catalogue has; this draft brings the test's brand in.
  wpPhp(
    `wp_insert_post( array( 'post_type' => 'car', 'post_status' => 'draft', 'post_title' => $argv[1], 'meta_input' => array( '_car_stock_number' => $argv[2] . '-seed', '_car_brand' => $argv[1], '_car_model' => 'Alpha' ) ) ); echo 1;`,
    BRAND,
    STOCK,
  );
});

afterAll(() => {
  wpPhp(
    `foreach ( get_posts( array( 'post_type' => 'car', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids', 'meta_key' => '_car_brand', 'meta_value' => $argv[1] ) ) as $id ) { wp_delete_post( $id, true ); } echo 1;`,
    BRAND,
  );
  deleteStoredMessages(senders.used);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('history of a car', () => {
  it('a CSV import that changes the price or sale status adds an entry; one that changes nothing adds none', () => {
    expect(importCsv([HEADER, row('21500', '')])).toContain('1 created, 0 updated');
    car = wpPhp<number>(
      `echo json_encode( (int) get_posts( array( 'post_type' => 'car', 'post_status' => 'any', 'fields' => 'ids', 'meta_key' => '_car_stock_number', 'meta_value' => $argv[1] ) )[0] );`,
      `${STOCK}-1`,
    );
    expect(car).toBeGreaterThan(0);
    // A new car's first values are no change: nothing was there before them.
    expect(history(car)).toEqual([]);

    expect(importCsv([HEADER, row('19900', 'reserved')])).toContain('0 created, 1 updated');
    const entries = history(car);
    expect(entries.map(({ field, from, to, via }) => ({ field, from, to, via }))).toEqual([
      { field: 'price', from: '21500', to: '19900', via: 'CSV import' },
      { field: 'saleStatus', from: 'available', to: 'reserved', via: 'CSV import' },
    ]);
    expect(entries[0]!.at).toBeGreaterThan(Date.now() / 1000 - 300);

    expect(importCsv([HEADER, row('19900', 'reserved')])).toContain('0 created, 0 updated, 1 unchanged');
    expect(history(car)).toHaveLength(2);
  });

  it('Quick Edit and Bulk Edit name themselves and the member of staff', async () => {
    const list = await (await admin.get(`/wp-admin/edit.php?post_type=car&car_brand=${encodeURIComponent(BRAND)}`)).text();
    const quick = await admin.post('/wp-admin/admin-ajax.php', {
      action: 'inline-save',
      _inline_edit: inputValue(list, '_inline_edit'),
      car_export_quick_nonce: inputValue(list, 'car_export_quick_nonce'),
      post_ID: String(car),
      post_type: 'car',
      post_title: `2021 ${BRAND} Alpha`,
      post_name: '',
      _status: 'publish',
      screen: 'edit-car',
      post_view: 'list',
      'car_export_quick[mode]': 'quick',
      'car_export_quick[price]': '18,750',
      'car_export_quick[featured]': '0',
      'car_export_quick[saleStatus]': 'reserved',
    });
    expect(quick.status).toBe(200);
    const bulk = await admin.get(`/wp-admin/edit.php?${bulkEditQuery(list, [car], { price: '18000', featured: '' })}`);
    expect(bulk.status).toBe(302);

    const [, , byQuick, byBulk] = history(car);
    expect(byQuick).toMatchObject({ field: 'price', from: '19900', to: '18750', via: 'Quick Edit', name: adminName });
    expect(byBulk).toMatchObject({ field: 'price', from: '18750', to: '18000', via: 'Bulk Edit', name: adminName });
    expect(history(car)).toHaveLength(4);
  });

  it('the car form records a change, and its screen shows the entries newest first, escaped', async () => {
    const { res } = await submitEditForm(
      admin,
      car,
      formArray('car_export_car', { price: '', saleStatus: 'sold', brand: BRAND, model: 'Alpha' }),
    );
    expect(res.status).toBe(302);
    const entries = history(car);
    expect(entries.slice(4).map(({ field, from, to, via }) => ({ field, from, to, via }))).toEqual([
      { field: 'price', from: '18000', to: '', via: 'form' },
      { field: 'saleStatus', from: 'reserved', to: 'sold', via: 'form' },
    ]);
    // A display name is whatever staff typed in their profile: it is printed as text.
    wpPhp(
      `add_post_meta( (int) $argv[1], '_car_export_history', array( 'field' => 'price', 'from' => '1', 'to' => '2', 'via' => 'form', 'user' => 0, 'name' => '<b>Mallory</b>', 'at' => 1000 ) ); echo 1;`,
      String(car),
    );
    const screen = await (await admin.get(`/wp-admin/post.php?post=${car}&action=edit`)).text();
    const box = screen.match(/<div id="car-export-history"[\s\S]*?<\/ol>/)?.[0] ?? '';
    const changes = [...box.matchAll(/<span class="car-export-history-change">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(changes.slice(0, 2).sort()).toEqual(['Price: $18,000 → Contact for Price', 'Sale status: Reserved → Sold'].sort());
    expect(changes.slice(2)).toEqual([
      'Price: $18,750 → $18,000',
      'Price: $19,900 → $18,750',
      // One import's two changes share their second: the later-written one comes first.
      'Sale status: Available → Reserved',
      'Price: $21,500 → $19,900',
      'Price: $1 → $2',
    ]);
    expect(box).toContain(`, ${adminName}, via Bulk Edit`);
    expect(box).toContain('&lt;b&gt;Mallory&lt;/b&gt;');
    expect(box).not.toContain('<b>Mallory');
  });
});

describe('history of a lead', () => {
  it("a list link, a bulk action and the lead's screen each add an entry, shown on the lead's screen", async () => {
    const email = senders.next();
    const sent = await rest(CONTACT, { method: 'POST', body: contactBody(email), headers: { 'X-Forwarded-For': randomIp() } });
    expect(sent.status).toBe(201);
    const lead = storedMessages(email)[0]!.id;
    expect(history(lead)).toEqual([]);

    const list = await (await admin.get('/wp-admin/edit.php?post_type=contact_message')).text();
    const rowHtml = list.match(new RegExp(`<tr id="post-${lead}"[\\s\\S]*?</tr>`))?.[0] ?? '';
    expect((await admin.get(linkHref(rowHtml, 'Mark Won')!)).status).toBe(302);

    const nonce = list.match(/id="_wpnonce" name="_wpnonce" value="([^"]+)"/)?.[1] ?? '';
    const query = new URLSearchParams({
      post_type: 'contact_message',
      action: 'car_export_lead_status_lost',
      _wpnonce: nonce,
      post_status: 'all',
    });
    query.append('post[]', String(lead));
    expect((await admin.get(`/wp-admin/edit.php?${query}`)).status).toBe(302);

    const saved = await saveLead(admin, lead, 'contacted');
    expect(saved.status).toBe(302);

    expect(history(lead).map(({ field, from, to, via, name }) => ({ field, from, to, via, name }))).toEqual([
      { field: 'leadStatus', from: 'new', to: 'won', via: 'Lead list', name: adminName },
      { field: 'leadStatus', from: 'won', to: 'lost', via: 'Bulk action', name: adminName },
      { field: 'leadStatus', from: 'lost', to: 'contacted', via: 'form', name: adminName },
    ]);
    const after = await (await admin.get(`/wp-admin/post.php?post=${lead}&action=edit`)).text();
    const box = after.match(/<div id="car-export-history"[\s\S]*?<\/ol>/)?.[0] ?? '';
    expect([...box.matchAll(/<span class="car-export-history-change">([^<]*)<\/span>/g)].map((m) => m[1])).toHaveLength(3);
    expect(box).toContain('Lead status: Lost → Contacted');
  });
});
