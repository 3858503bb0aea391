// Saved searches with e-mail alerts, against the running stack: a published car that a saved search
// would list is mailed to that search's owner only, once a day at most (the rest waits for the next
// digest), never twice; the mail's one-click unsubscribe works without a sign-in; an account's
// searches go with the account; nobody reads or changes another's; bad input stores nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCar, deleteCar, deleteUser, newUser, rest, suiteUsers, unique, updateCar, type TestUser } from './support/wordpress';
import { wpPhp } from './support/local';
import { MAIL_DIR, receivedMail, waitForMail, type SinkMail } from './support/mail';
import { frontendUrl, onSiteUnderTest, SITE } from './support/site';

const SEARCHES = '/car-export/v1/saved-searches';
const users = suiteUsers();
const brand = unique('QAAlert');
const cars: number[] = [];
let owner: TestUser;
let other: TestUser;
let bystander: TestUser;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mailTo = (user: TestUser) => (m: SinkMail) => m.to.includes(user.email);
const rawMail = (m: SinkMail) => fs.readFileSync(path.join(MAIL_DIR, `${m.id}.eml`), 'utf8');

async function car(title: string, price: number): Promise<number> {
  const id = await createCar({ title, _car_brand: brand, _car_price: price });
  cars.push(id);
  return id;
}

function save(user: TestUser, name: string, filter: Record<string, unknown>) {
  return rest(SEARCHES, { method: 'POST', token: user.token, body: { name, filter } });
}

/** Waits until the alert run has taken the car off its queue (matched it). */
async function matched(carId: number): Promise<void> {
  const end = Date.now() + 30000;
  while (wpPhp<string>(`echo json_encode( (string) get_post_meta( (int) $argv[1], '_ce_alert_queued', true ) );`, String(carId)) !== '') {
    if (Date.now() > end) throw new Error(`car ${carId} was never matched`);
    await sleep(300);
  }
  // The run that matched it sends in the same pass: let it finish.
  await sleep(1500);
}

const pendingCars = (user: TestUser) =>
  wpPhp<number[]>(
    `echo json_encode( array_column( \\CarExport\\Alerts\\AlertDigest::pending( (int) $argv[1] )['matches'], 'car' ) );`,
    String(user.id),
  );

/** The stored time of the last alert, moved a day back: the next run may send again. */
const dayPassed = (user: TestUser) =>
  wpPhp(`update_user_meta( (int) $argv[1], 'car_export_alert_last_sent', time() - 86401 ); echo 1;`, String(user.id));

beforeAll(async () => {
  owner = await users.create();
  other = await users.create();
  bystander = await users.create();
  expect((await save(owner, 'Cheap ones', { brand, maxPrice: 30000 })).status).toBe(201);
  expect((await save(other, 'Dear ones', { brand, minPrice: 50000 })).status).toBe(201);
});

afterAll(async () => {
  for (const id of cars) await deleteCar(id);
  await users.removeAll();
});

describe('alert mail', () => {
  let first: number;
  let unsubscribeUrl: string;

  it('mails a newly published matching car to the search owner only, with a one-click unsubscribe', async () => {
    const title = unique('QA Alert Seal');
    first = await car(title, 25000);
    const [mail] = await waitForMail(mailTo(owner), { timeoutMs: 30000 });
    await matched(first);

    expect(receivedMail().filter(mailTo(owner))).toHaveLength(1);
    expect(receivedMail().filter(mailTo(other))).toHaveLength(0);
    expect(receivedMail().filter(mailTo(bystander))).toHaveLength(0);
    expect(mail!.subject).toBe('A new match for your saved search');
    expect(mail!.text).toContain(title);
    expect(mail!.text).toContain(`${frontendUrl()}/car/${first}`);
    expect(mail!.text).toContain(`${frontendUrl()}/account/alerts`);

    const raw = rawMail(mail!).replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = raw.match(/^List-Unsubscribe: <([^>]+)>$/m)?.[1] ?? '';
    expect(link.startsWith(`${frontendUrl()}/alerts/unsubscribe?user=${owner.id}&token=`)).toBe(true);
    unsubscribeUrl = onSiteUnderTest(link);
  });

  it('keeps a second match of the same day for the next digest, which never repeats a car', async () => {
    const title = unique('QA Alert Dolphin');
    const second = await car(title, 20000);
    await matched(second);
    expect(receivedMail().filter(mailTo(owner))).toHaveLength(1);
    expect(pendingCars(owner)).toEqual([second]);

    dayPassed(owner);
    const mails = await waitForMail(mailTo(owner), { count: 2, timeoutMs: 30000 });
    const digest = mails.find((m) => m.text.includes(title))!;
    expect(digest.text).toContain(`/car/${second}`);
    expect(digest.text).not.toContain(`/car/${first}`);
    expect(pendingCars(owner)).toEqual([]);
  });

  it('refuses an unsubscribe link with a wrong token and changes nothing', async () => {
    const res = await fetch(`${SITE}/alerts/unsubscribe?user=${other.id}&token=${'0'.repeat(64)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(403);
    const list = await rest(SEARCHES, { token: other.token });
    expect(list.body.searches.map((s: { paused: boolean }) => s.paused)).toEqual([false]);
  });

  it('stops the alerts by the one-click POST, without a sign-in', async () => {
    const res = await fetch(unsubscribeUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const list = await rest(SEARCHES, { token: owner.token });
    expect(list.body.searches.map((s: { paused: boolean }) => s.paused)).toEqual([true]);

    dayPassed(owner);
    const third = await car(unique('QA Alert Atto'), 22000);
    await matched(third);
    expect(receivedMail().filter(mailTo(owner))).toHaveLength(2);
    expect(pendingCars(owner)).toEqual([]);
  });
});

describe('price drops', () => {
  it('notes a reduced price of a favourite in the alert of a buyer with alerts on', async () => {
    const fan = await users.create();
    expect((await save(fan, 'Something else', { brand, year: 1990 })).status).toBe(201);
    const title = unique('QA Alert Tang');
    const favourite = await car(title, 45000);
    await matched(favourite);
    expect(
      (await rest('/car-export/v1/favorites', { method: 'POST', token: fan.token, body: { carId: favourite, action: 'add' } })).status,
    ).toBe(200);

    await updateCar(favourite, { meta: { _car_price: 41000 } });
    const [mail] = await waitForMail(mailTo(fan), { timeoutMs: 30000 });
    expect(mail!.subject).toBe('A price drop on your favourites');
    expect(mail!.text).toContain(`${title}: $41,000 (was $45,000)`);
    expect(receivedMail().filter(mailTo(other))).toHaveLength(0);
  });
});

describe('saved searches API', () => {
  it('lets no guest read or save, and no buyer reach another buyer’s search', async () => {
    expect((await rest(SEARCHES)).status).toBe(401);
    expect((await rest(SEARCHES, { method: 'POST', body: { name: 'x', filter: {} } })).status).toBe(401);
    expect((await rest(`${SEARCHES}/1`, { method: 'DELETE' })).status).toBe(401);

    const mine = await save(owner, 'Only mine', { brand });
    const id = mine.body.searches.at(-1).id as number;
    const rename = await rest(`${SEARCHES}/${id}`, { method: 'POST', token: bystander.token, body: { name: 'taken' } });
    const remove = await rest(`${SEARCHES}/${id}`, { method: 'DELETE', token: bystander.token });
    expect([rename.status, remove.status]).toEqual([404, 404]);
    const after = await rest(SEARCHES, { token: owner.token });
    expect(after.body.searches.find((s: { id: number }) => s.id === id)?.name).toBe('Only mine');
  });

  it('answers bad filters and a too-long name with a 400 and a message, storing nothing', async () => {
    const before = (await rest(SEARCHES, { token: bystander.token })).body.searches.length;
    const bounds = await save(bystander, 'Upside down', { minPrice: 9000, maxPrice: 100 });
    expect(bounds.status).toBe(400);
    expect(bounds.body.message).toBe('minPrice must not be greater than maxPrice.');
    const unknown = await save(bystander, 'Odd', { colour: 'red' });
    expect(unknown.status).toBe(400);
    const long = await save(bystander, 'n'.repeat(81), { brand });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Name must be at most 80 characters long.');
    const empty = await save(bystander, '  ', { brand });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please give the search a name.');
    expect((await rest(SEARCHES, { token: bystander.token })).body.searches).toHaveLength(before);
  });

  it('keeps at most 20 searches per buyer and says so', async () => {
    const have = (await rest(SEARCHES, { token: bystander.token })).body.searches.length as number;
    for (let i = have; i < 20; i += 1) expect((await save(bystander, `Search ${i}`, { year: 2000 + i })).status).toBe(201);
    const over = await save(bystander, 'One too many', { brand });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('at most 20 saved searches');
  });

  it('deletes an account’s saved searches with the account', async () => {
    const leaving = await newUser();
    expect((await save(leaving, 'Soon gone', { brand })).status).toBe(201);
    await deleteUser(leaving.id);
    const rows = wpPhp<number>(
      `global $wpdb; echo (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->usermeta} WHERE user_id = %d AND meta_key LIKE 'car_export_%'", (int) $argv[1] ) );`,
      String(leaving.id),
    );
    expect(rows).toBe(0);
  });
});
