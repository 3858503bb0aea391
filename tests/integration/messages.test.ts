// Contact messages (/car-export/v1/contact) and car inquiries (/car-export/v1/inquiries): validated,
// stored as private records staff read in wp-admin, never readable through a public API, and
// limited per sender address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createCar, deleteCar, deleteUser, gqlData, http, newUser, rest, unique, type TestUser } from './support/wordpress';
import { deleteStoredMessages, randomIp, storedMessages, wpPhp } from './support/local';
import {
  CONTACT,
  CONTACT_SENT,
  contactBody,
  INQUIRIES,
  INQUIRY_SENT,
  inquiryBody,
  MISSING_CONTACT_FIELDS,
  senderAddresses,
} from './support/leads';

/** A sender e-mail that afterAll deletes every message of. */
const senders = senderAddresses('sender');
const senderEmail = senders.next;
const users: TestUser[] = [];
let car: number;
let draftCar: number;

const contact = (overrides: Record<string, unknown> = {}) => contactBody(senderEmail(), overrides);
const inquiry = (overrides: Record<string, unknown> = {}) => inquiryBody(senderEmail(), car, overrides);

/** A post from its own address, so flood limits of one test never touch another. */
function send(
  route: string,
  body: unknown,
  {
    ip = randomIp(),
    headers = {},
    token,
  }: {
    ip?: string;
    headers?: Record<string, string>;
    token?: string;
  } = {},
) {
  return rest(route, { method: 'POST', body, token, headers: { 'X-Forwarded-For': ip, ...headers } });
}

/**
 * Posts a body that must be refused: the answer's status and the visitor's message, and nothing
 * stored for its sender (bad input changes nothing).
 */
async function expectRefused(route: string, body: Record<string, unknown>, message: string, status = 400) {
  const res = await send(route, body);
  expect(res.status, message).toBe(status);
  expect(res.body.message).toBe(message);
  const sender = body.email ?? body.emailAddress;
  if (typeof sender === 'string' && sender.includes('@')) expect(storedMessages(sender), message).toEqual([]);
}

beforeAll(async () => {
  car = await createCar({ title: 'QA Inquiry Chery Tiggo 8', _car_brand: 'Chery', _car_model: 'Tiggo 8', _car_price: 19999 });
  draftCar = await createCar({ title: 'QA Inquiry Draft', status: 'draft' });
});

afterAll(async () => {
  deleteStoredMessages(senders.used);
  for (const u of users) await deleteUser(u.id);
  if (car) await deleteCar(car);
  if (draftCar) await deleteCar(draftCar);
});

describe('POST /car-export/v1/contact', () => {
  it('accepts a valid message with 201', async () => {
    const res = await send(CONTACT, contact());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: CONTACT_SENT });
  });

  it('accepts a message without the optional phone and message', async () => {
    const res = await send(CONTACT, { firstName: 'Only', lastName: 'Required', email: senderEmail() });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
  });

  for (const field of ['firstName', 'lastName', 'email']) {
    it(`refuses a missing ${field} with the form's wording`, async () => {
      const body = contact();
      const missing = { ...body } as Record<string, unknown>;
      delete missing[field];
      const blank = { ...body, [field]: '   ' };
      for (const b of [missing, blank]) await expectRefused(CONTACT, b, MISSING_CONTACT_FIELDS);
    });
  }

  it('refuses a malformed e-mail address', async () => {
    await expectRefused(CONTACT, contact({ email: 'ada-at-example' }), 'Please enter a valid e-mail address.');
  });

  it('refuses a malformed phone number', async () => {
    await expectRefused(CONTACT, contact({ phoneNumber: 'call me maybe' }), 'Please enter a valid phone number.');
  });

  it('takes a message of 5000 characters and refuses one of 5001', async () => {
    const ok = await send(CONTACT, contact({ message: 'x'.repeat(5000) }));
    expect(ok.status).toBe(201);
    await expectRefused(CONTACT, contact({ message: 'x'.repeat(5001) }), 'Message must be at most 5000 characters long.');
  });

  it('refuses an oversized name and a non-text field', async () => {
    await expectRefused(CONTACT, contact({ firstName: 'A'.repeat(101) }), 'First name must be at most 100 characters long.');
    await expectRefused(CONTACT, contact({ lastName: { first: 'x' } }), 'Last name must be text.');
  });

  it('stores the message privately with the sender, address, browser and ad ids', async () => {
    const ip = randomIp();
    const text = `Contact text ${unique('needle')}`;
    const body = contact({ message: `${text}\nSecond line.` });
    const res = await send(CONTACT, body, {
      ip,
      headers: {
        'User-Agent': 'qa-agent/1.0',
        'X-Ad-Fbp': 'fb.1.1700000000000.1234567890',
        'X-Ad-Fbc': 'fb.1.1700000000000.IwAR0abc-DEF_123',
        'X-Ad-Gclid': 'Cj0KCQiA_gclid-value',
        'X-Ad-Ttp': 'ttp.2aB3cD4eF5',
      },
    });
    expect(res.status).toBe(201);

    const stored = storedMessages(body.email as string);
    expect(stored).toHaveLength(1);
    const [m] = stored;
    expect(m).toMatchObject({ type: 'contact_message', status: 'private', title: 'Ada Lovelace', content: `${text}\nSecond line.` });
    expect(m?.meta).toMatchObject({
      _message_first_name: 'Ada',
      _message_last_name: 'Lovelace',
      _message_name: 'Ada Lovelace',
      _message_email: body.email,
      _message_phone: '+1 (555) 010-2030',
      _message_ip: ip,
      _message_user_agent: 'qa-agent/1.0',
      _message_ad_fbp: 'fb.1.1700000000000.1234567890',
      _message_ad_fbc: 'fb.1.1700000000000.IwAR0abc-DEF_123',
      _message_ad_gclid: 'Cj0KCQiA_gclid-value',
      _message_ad_ttp: 'ttp.2aB3cD4eF5',
    });
    // The mail to staff goes out after the answer (the cron runner claims it: pending, then sending);
    // its outcome is then recorded for them.
    const end = Date.now() + 10_000;
    let mailStatus = m?.meta._message_mail_status;
    while ((mailStatus === 'pending' || mailStatus === 'sending') && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      mailStatus = storedMessages(body.email as string)[0]?.meta._message_mail_status;
    }
    expect(mailStatus).toMatch(/sent|failed|not sent/);
    expect(m?.meta._message_user_id).toBeUndefined();
  });

  it('drops ad ids that do not look genuine, and keeps the message as typed, markup included', async () => {
    const body = contact({ message: '<script>alert(1)</script><b>Bold</b> plain & simple' });
    const res = await send(CONTACT, body, { headers: { 'X-Ad-Fbp': 'not valid <id>', 'X-Ad-Gclid': 'x'.repeat(300) } });
    expect(res.status).toBe(201);
    const [m] = storedMessages(body.email as string);
    expect(m?.meta._message_ad_fbp).toBeUndefined();
    expect(m?.meta._message_ad_gclid).toBeUndefined();
    // Plain text, escaped wherever it is shown (see the lead screen test in leads.test.ts).
    expect(m?.content).toBe('<script>alert(1)</script><b>Bold</b> plain & simple');
  });

  it('records the account of a signed-in sender', async () => {
    const u = await newUser();
    users.push(u);
    const body = contact();
    expect((await send(CONTACT, body, { token: u.token })).status).toBe(201);
    const [m] = storedMessages(body.email as string);
    expect(m?.meta._message_user_id).toBe(String(u.id));
  });
});

describe('POST /car-export/v1/inquiries', () => {
  it('accepts a valid inquiry with 201', async () => {
    const res = await send(INQUIRIES, inquiry());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: INQUIRY_SENT });
  });

  it('accepts the car id as a string, without a message', async () => {
    const res = await send(INQUIRIES, inquiry({ carId: String(car), message: undefined }));
    expect(res.status).toBe(201);
  });

  it('refuses a missing car id with "Car ID is missing."', async () => {
    for (const carId of [undefined, '', 0]) await expectRefused(INQUIRIES, inquiry({ carId }), 'Car ID is missing.');
  });

  it('answers 404 for an unknown or unpublished car', async () => {
    for (const carId of [999999999, draftCar]) {
      await expectRefused(INQUIRIES, inquiry({ carId }), 'The requested car could not be found.', 404);
    }
  });

  it('asks for each required field', async () => {
    const cases: Array<[string, string]> = [
      ['name', 'Please enter your name.'],
      ['phoneNumber', 'Please enter your phone number.'],
      ['emailAddress', 'Please enter your e-mail address.'],
    ];
    for (const [field, message] of cases) await expectRefused(INQUIRIES, inquiry({ [field]: '' }), message);
    await expectRefused(INQUIRIES, inquiry({ emailAddress: 'grace@' }), 'Please enter a valid e-mail address.');
    const badId = await send(INQUIRIES, inquiry({ carId: 'abc' }));
    expect(badId.status).toBe(400);
  });

  it('stores the inquiry with its car, and staff see a link to the car', async () => {
    const ip = randomIp();
    const body = inquiry({ message: `About the Tiggo ${unique('needle')}` });
    const res = await send(INQUIRIES, body, { ip, headers: { 'X-Ad-Gclid': 'gclid-123', 'X-Ad-Ttp': 'ttp-456' } });
    expect(res.status).toBe(201);

    const [m] = storedMessages(body.emailAddress as string);
    expect(m).toMatchObject({ type: 'car_inquiry', status: 'private', title: 'Grace Hopper', content: body.message });
    expect(m?.meta).toMatchObject({
      _message_name: 'Grace Hopper',
      _message_phone: '+44 20 7946 0000',
      _message_email: body.emailAddress,
      _message_ip: ip,
      _inquiry_car_id: String(car),
      _inquiry_car_title: 'QA Inquiry Chery Tiggo 8',
      _message_ad_gclid: 'gclid-123',
      _message_ad_ttp: 'ttp-456',
    });

    // The "Car" column of the staff list, rendered as an administrator sees it.
    const admins = await rest('/wp/v2/users?roles=administrator&context=edit', { token: await adminToken() });
    const adminId = String((admins.body as Array<{ id: number }>)[0]?.id);
    const column = wpPhp<string>(
      `
      wp_set_current_user( (int) $argv[1] );
      ob_start();
      ( new CarExport\\Messages\\MessagesAdmin() )->render_column( 'car', (int) $argv[2] );
      echo json_encode( ob_get_clean() );
    `,
      adminId,
      String(m?.id),
    );
    expect(column).toMatch(new RegExp(`<a href="[^"]*/wp-admin/post\\.php\\?post=${car}&(amp;|#038;)action=edit">`));
    expect(column).toContain(`QA Inquiry Chery Tiggo 8 (#${car})`);
  });
});

describe('messages are not public', () => {
  const needle = unique('secretneedle');
  let subscriber: TestUser;
  let contactEmail: string;

  beforeAll(async () => {
    subscriber = await newUser();
    users.push(subscriber);
    contactEmail = senderEmail();
    expect((await send(CONTACT, contact({ email: contactEmail, message: `Private ${needle}` }))).status).toBe(201);
    expect((await send(INQUIRIES, inquiry({ message: `Private ${needle}` }))).status).toBe(201);
  });

  const who = () =>
    [
      ['a visitor', undefined],
      ['a subscriber', subscriber.token],
    ] as Array<[string, string | undefined]>;

  it('have no REST routes, in either URL form', async () => {
    for (const [label, token] of who()) {
      for (const route of ['/wp/v2/contact_message', '/wp/v2/car_inquiry']) {
        const res = await rest(route, { token });
        expect(res.status, `${label} ${route}`).toBe(404);
        expect(res.text).not.toContain(needle);
      }
      const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
      const plain = await http(`/?rest_route=${encodeURIComponent('/wp/v2/car_inquiry')}`, { headers });
      expect(plain.status, label).toBe(404);
      const plainContact = await http(`/?rest_route=${encodeURIComponent('/wp/v2/contact_message')}`, { headers });
      expect(plainContact.status, label).toBe(404);
    }
  });

  it('are not listed among the post types', async () => {
    for (const [label, token] of [...who(), ['staff', await adminToken()] as [string, string]]) {
      const res = await rest('/wp/v2/types', { token });
      expect(res.status, label).toBe(200);
      expect(Object.keys(res.body)).not.toContain('contact_message');
      expect(Object.keys(res.body)).not.toContain('car_inquiry');
      // Core refuses a type kept out of REST (401/403) without describing it.
      const type = await rest('/wp/v2/types/car_inquiry', { token });
      expect(type.status, label).not.toBe(200);
      expect(type.body.slug).toBeUndefined();
      expect(type.body.labels).toBeUndefined();
    }
  });

  it('are not found by search', async () => {
    for (const [label, token] of who()) {
      const search = await rest(`/wp/v2/search?search=${needle}`, { token });
      expect(search.status, label).toBe(200);
      expect(search.body).toEqual([]);
      const posts = await rest(`/wp/v2/posts?search=${needle}`, { token });
      expect(posts.text).not.toContain(needle);
    }
  });

  it('are not reachable by their post id on the site', async () => {
    const [m] = storedMessages(contactEmail);
    expect(m?.content).toContain(needle);
    for (const path of [`/?p=${m?.id}`, `/?post_type=contact_message&p=${m?.id}`, `/?post_type=car_inquiry&p=${m?.id}`]) {
      const res = await http(path);
      expect(res.status, path).not.toBe(200);
      expect(res.text).not.toContain(needle);
    }
  });

  it('are not in the GraphQL schema', async () => {
    const data = await gqlData<{ __type: { fields: Array<{ name: string }> } }>('{ __type(name: "Query") { fields { name } } }');
    const names = data.__type.fields.map((f) => f.name.toLowerCase());
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).not.toMatch(/message|inquir|contact/);
  });
});

describe('flood limit', () => {
  it('the 6th contact message from one address within a minute is refused with 429', async () => {
    const ip = randomIp();
    const email = senderEmail();
    for (let i = 1; i <= 5; i++) {
      const res = await send(CONTACT, contact({ email, message: `Message ${i}` }), { ip });
      expect(res.status, `message ${i}`).toBe(201);
    }
    const sixth = await send(CONTACT, contact({ email, message: 'Message 6' }), { ip });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('You have sent several messages in a short time. Please wait a minute and try again.');
    expect(sixth.body.data.retryAfter).toBeGreaterThan(0);
    expect(sixth.body.data.retryAfter).toBeLessThanOrEqual(60);
    // The standard header says the same, for clients that do not read the body.
    expect(sixth.headers.get('retry-after')).toBe(String(sixth.body.data.retryAfter));
    expect(storedMessages(email)).toHaveLength(5);

    // Another address is not held back, nor are inquiries from the same one.
    expect((await send(CONTACT, contact(), { ip: randomIp() })).status).toBe(201);
    expect((await send(INQUIRIES, inquiry(), { ip })).status).toBe(201);
  });

  it('refused requests do not count towards the limit', async () => {
    const ip = randomIp();
    for (let i = 0; i < 6; i++) {
      expect((await send(CONTACT, contact({ firstName: '' }), { ip })).status).toBe(400);
    }
    expect((await send(CONTACT, contact(), { ip })).status).toBe(201);
  });

  it('the 6th inquiry from one address within a minute is refused with 429', async () => {
    const ip = randomIp();
    for (let i = 1; i <= 5; i++) {
      expect((await send(INQUIRIES, inquiry(), { ip })).status, `inquiry ${i}`).toBe(201);
    }
    const sixth = await send(INQUIRIES, inquiry(), { ip });
    expect(sixth.status).toBe(429);
    expect(typeof sixth.body.message).toBe('string');
  });
});
