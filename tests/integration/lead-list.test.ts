// Staff find and work leads from the lists: the search finds a lead by the sender's e-mail, phone
// or the car's stock number; the list shows the start of each message; a one-click status says what
// it did; and saves and bulk changes speak of leads and cars, not of "posts".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, bulkEditQuery, saveLead, type AdminSession } from './support/admin';
import { CONTACT, INQUIRIES, contactBody, inquiryBody, senderAddresses } from './support/leads';
import { deleteStoredMessages, randomIp, storedMessages, wpPhp } from './support/local';
import { createCar, deleteCar, rest, unique } from './support/wordpress';

const senders = senderAddresses('leadlist');
let admin: AdminSession;
let car: number;
let stock: string;
let inquiry: number;
let contact: number;
let phone: string;

async function send(route: string, body: Record<string, unknown>): Promise<number> {
  const res = await rest(route, { method: 'POST', body, headers: { 'X-Forwarded-For': randomIp() } });
  expect(res.status).toBe(201);
  return storedMessages(String(body.email ?? body.emailAddress))[0]!.id;
}

const rowIds = (html: string) => [...html.matchAll(/<tr id="post-(\d+)"/g)].map((m) => Number(m[1]));
const notices = (html: string) =>
  [...html.matchAll(/<div[^>]*class="[^"]*(?:notice|updated)[^"]*"[^>]*>\s*<p>([\s\S]*?)<\/p>/g)].map((m) =>
    m[1]!.replace(/<[^>]+>/g, '').trim(),
  );

beforeAll(async () => {
  admin = await adminSession();
  stock = unique('QA-LL').toUpperCase();
  car = await createCar({ title: unique('QA Lead list Toyota'), _car_brand: 'Toyota', _car_model: 'Hilux', _car_price: 21000 });
  wpPhp(`update_post_meta( (int) $argv[1], '_car_stock_number', $argv[2] ); echo 1;`, String(car), stock);
  phone = `+234 803 ${String(Date.now()).slice(-7)}`;
  inquiry = await send(
    INQUIRIES,
    inquiryBody(senders.next(), car, {
      message: 'Is the Hilux still available? I would like to ship it to Lagos before March, with the spare wheel and both keys.',
    }),
  );
  contact = await send(CONTACT, contactBody(senders.next(), { phoneNumber: phone }));
});

afterAll(async () => {
  deleteStoredMessages(senders.used);
  if (car) await deleteCar(car);
});

describe('the lead lists', () => {
  it("find a lead by the sender's e-mail, phone, or the car's stock number", async () => {
    const search = async (type: string, s: string) =>
      rowIds(await (await admin.get(`/wp-admin/edit.php?post_type=${type}&post_status=all&s=${encodeURIComponent(s)}`)).text());
    expect(await search('car_inquiry', senders.used[0]!)).toEqual([inquiry]);
    expect(await search('car_inquiry', stock.toLowerCase())).toEqual([inquiry]);
    expect(await search('contact_message', phone)).toEqual([contact]);
    expect(await search('contact_message', senders.used[0]!)).toEqual([]);
  });

  it('show the start of each message in a column of its own', async () => {
    const html = await (await admin.get('/wp-admin/edit.php?post_type=car_inquiry&post_status=all')).text();
    expect(html).toMatch(/<th scope="col" id=["']message["'][^>]*>Message</);
    const row = html.match(new RegExp(`<tr id="post-${inquiry}"[\\s\\S]*?</tr>`))?.[0] ?? '';
    const cell = row.match(/<td class=["']message column-message[^>]*>([\s\S]*?)<\/td>/)?.[1] ?? '';
    // Cut at a word, on one line.
    expect(cell.trim()).toBe('Is the Hilux still available? I would like to ship it to Lagos before March…');
  });

  it('say what "Mark Won" did, once', async () => {
    const list = `/wp-admin/edit.php?post_type=contact_message`;
    const html = await (await admin.get(list)).text();
    const row = html.match(new RegExp(`<tr id="post-${contact}"[\\s\\S]*?</tr>`))?.[0] ?? '';
    const link = row.match(/<a href="([^"]+)"[^>]*>Mark&nbsp;Won<\/a>|<a href="([^"]+)"[^>]*>Mark\u00a0Won<\/a>/);
    const href = (link?.[1] ?? link?.[2] ?? '').replace(/&amp;|&#038;/g, '&');
    expect(href).not.toBe('');
    const res = await admin.get(href);
    expect(res.status).toBe(302);
    const back = res.headers.get('location')!;
    const page = await (await admin.get(back.replace(/^https?:\/\/[^/]+/, ''))).text();
    expect(notices(page)).toContain('The lead from Ada Lovelace is now marked Won.');
  });

  it('say "Lead updated." after a save and count leads and cars, not posts, after a bulk change', async () => {
    const saved = await saveLead(admin, contact, 'contacted');
    const after = await (await admin.get(saved.headers.get('location')!.replace(/^https?:\/\/[^/]+/, ''))).text();
    expect(notices(after)).toContain('Lead updated.');
    expect(after).not.toContain('Post updated.');

    const trashed = await (await admin.get('/wp-admin/edit.php?post_type=contact_message&trashed=2&ids=1,2')).text();
    expect(notices(trashed).join(' ')).toContain('2 leads moved to the Trash.');

    const list = await (await admin.get(`/wp-admin/edit.php?post_type=car&s=${encodeURIComponent(stock)}`)).text();
    const bulk = await admin.get(`/wp-admin/edit.php?${bulkEditQuery(list, [car], { price: '', featured: '0' })}`);
    expect(bulk.status).toBe(302);
    const cars = await (await admin.get(bulk.headers.get('location')!.replace(/^https?:\/\/[^/]+/, ''))).text();
    expect(notices(cars)).toContain('1 car updated.');
    expect(cars).not.toContain('post updated');
  });
});
