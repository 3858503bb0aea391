// Leads (contact messages and car inquiries) are never lost or doubled: an idempotency key stores a
// lead once however often or concurrently it is sent, what the spam guard suspects gets the same
// answer and is kept for staff under "Suspected spam" (unmailed until marked "not spam"),
// staff are mailed through real SMTP (the local sink) with failed mail retried by WP-Cron, and staff
// work leads in wp-admin (status, unread, filters, CSV; the lead screen and bulk actions in
// lead-admin.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WP, createCar, deleteCar, gqlData, http, rest, unique } from './support/wordpress';
import { deleteStoredMessages, randomIp, storedMessages, wpPhp } from './support/local';
import { MAIL_DIR, receivedMail, sinkRefuses, sinkSlow, waitForMail } from './support/mail';
import { adminSession, linkHref, type AdminSession } from './support/admin';
import { CONTACT, CONTACT_SENT, contactBody, INQUIRIES, INQUIRY_SENT, inquiryBody, senderAddresses } from './support/leads';
import { SITE } from './support/site';
import { scriptProof } from '~/forms/lead-guard';

const CONTACT_ANSWER = { success: true, message: CONTACT_SENT };
const INQUIRY_ANSWER = { success: true, message: INQUIRY_SENT };

const senders = senderAddresses('lead');
const senderEmail = senders.next;
let car: number;
let settingsBefore: unknown;

const newKey = () => `it-${randomBytes(12).toString('hex')}`;

const contact = (overrides: Record<string, unknown> = {}) => contactBody(senderEmail(), overrides);
const inquiry = (overrides: Record<string, unknown> = {}) => inquiryBody(senderEmail(), car, overrides);

function send(route: string, body: unknown, { ip = randomIp(), key }: { ip?: string; key?: string } = {}) {
  const headers: Record<string, string> = { 'X-Forwarded-For': ip };
  if (key) headers['Idempotency-Key'] = key;
  return rest(route, { method: 'POST', body, headers });
}

/** The mail the sink got from a lead, found by the visitor's address it replies to. */
const mailReplyingTo = (email: string) => receivedMail().filter((m) => m.replyTo.includes(email));

/** Staff mail is sent after the answer, so what it records on the lead is polled for. */
async function leadMetaBecomes(id: number, key: string, expected: string, timeoutMs = 10000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (leadMeta(id, key) !== expected && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  expect(leadMeta(id, key)).toBe(expected);
}

function leadMeta(id: number, key: string): string {
  return wpPhp<string>(`echo json_encode( (string) get_post_meta( (int) $argv[1], $argv[2], true ) );`, String(id), key);
}

beforeAll(async () => {
  car = await createCar({ title: unique('QA Lead BYD Seal'), _car_brand: 'BYD', _car_model: 'Seal', _car_price: 27500 });
  settingsBefore = wpPhp(`echo json_encode( get_option( 'car_export_settings', array() ) );`);
});

afterEach(() => {
  sinkRefuses(false);
  sinkSlow(0);
});

afterAll(async () => {
  sinkRefuses(false);
  wpPhp(`update_option( 'car_export_settings', json_decode( $argv[1], true ) ); echo 1;`, JSON.stringify(settingsBefore));
  deleteStoredMessages(senders.used);
  if (car) await deleteCar(car);
});

describe('idempotency keys', () => {
  it('stores a lead once for a key sent twice and answers the same, marked as a replay', async () => {
    const key = newKey();
    const body = contact();
    const first = await send(CONTACT, body, { key });
    const again = await send(CONTACT, body, { key, ip: randomIp() });

    expect(first.status).toBe(201);
    expect(first.body).toEqual(CONTACT_ANSWER);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const stored = storedMessages(body.email);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.meta._message_idempotency_key).toBe(key);
  });

  it('takes the key from the idempotencyKey body field too, scoped per route', async () => {
    const key = newKey();
    const body = inquiry({ idempotencyKey: key });
    const first = await send(INQUIRIES, body);
    const again = await send(INQUIRIES, body);
    expect(first.status).toBe(201);
    expect(first.body).toEqual(INQUIRY_ANSWER);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(storedMessages(body.emailAddress)).toHaveLength(1);

    // The same key on the contact route is another route's key: a lead of its own.
    const other = contact();
    const onContact = await send(CONTACT, other, { key });
    expect(onContact.headers.get('idempotent-replayed')).toBeNull();
    expect(storedMessages(other.email)).toHaveLength(1);
  });

  it('stores exactly one lead when ten requests with one key arrive at once', async () => {
    const key = newKey();
    const body = inquiry();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(INQUIRIES, body, { key })));

    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    for (const a of answers) expect(a.body).toEqual(INQUIRY_ANSWER);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect(storedMessages(body.emailAddress)).toHaveLength(1);
    const mails = await waitForMail((m) => m.replyTo.includes(body.emailAddress));
    await new Promise((r) => setTimeout(r, 500));
    expect(receivedMail().filter((m) => m.replyTo.includes(body.emailAddress))).toHaveLength(mails.length);
    expect(mails).toHaveLength(1);
  });

  it('replays a stored lead even when its address has used up the flood limit', async () => {
    const ip = randomIp();
    const key = newKey();
    const first = await send(CONTACT, contact(), { ip, key });
    expect(first.status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await send(CONTACT, contact(), { ip })).status).toBe(201);

    const refused = await send(CONTACT, contact(), { ip });
    expect(refused.status).toBe(429);

    const replay = await send(CONTACT, contact(), { ip, key });
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // The replay was not counted either: a new submission is still refused, not more so.
    expect((await send(CONTACT, contact(), { ip })).status).toBe(429);
  });

  it('refuses a malformed key with a 400 and a message, storing nothing', async () => {
    for (const bad of ['too-short', 'has spaces in the key!', 'x'.repeat(129)]) {
      const body = contact();
      const viaHeader = await send(CONTACT, body, { key: bad });
      expect(viaHeader.status).toBe(400);
      expect(viaHeader.body.message).toMatch(/idempotency key must be 16 to 128/);
      const viaField = await send(CONTACT, { ...body, idempotencyKey: bad });
      expect(viaField.status).toBe(400);
      expect(viaField.body.message).toMatch(/idempotency key must be 16 to 128/);
      expect(storedMessages(body.email)).toEqual([]);
    }
  });

  it('keeps working without a key (older clients): each post is a lead', async () => {
    const body = contact();
    expect((await send(CONTACT, body)).status).toBe(201);
    expect((await send(CONTACT, body)).status).toBe(201);
    expect(storedMessages(body.email)).toHaveLength(2);
  });
});

describe('spam guard', () => {
  it('stores and mails a contact form a person’s browser autofilled and sent 1.5 s after the page loaded', async () => {
    // Through the site, as the browser posts it: the page's script ran and stamped the form.
    const email = senderEmail();
    const formKey = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
    const form = new URLSearchParams({
      firstName: 'Ada',
      lastName: 'Fast',
      email,
      phoneNumber: '+234 803 000 0000',
      message: 'Autofilled and sent at once.',
      formKey,
      renderedAt: String(Date.now() - 1500),
      fillMs: '1500',
      formScript: scriptProof(formKey),
      website: '',
    });
    const res = await fetch(`${SITE}/contact-us?_data=routes%2Fcontact-us`, {
      method: 'POST',
      body: form,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': randomIp() },
    });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: { ok: true, message: CONTACT_SENT } });
    const [lead] = storedMessages(email);
    expect(lead).toMatchObject({ type: 'contact_message', status: 'private', content: 'Autofilled and sent at once.' });
    expect(lead!.meta).not.toHaveProperty('_message_spam_reasons');
    expect(lead!.meta._message_unread).toBe('1');
    const [mail] = await waitForMail((m) => m.replyTo.includes(email));
    expect(mail!.text).toContain('Autofilled and sent at once.');
  });

  it('keeps a filled honeypot as a suspected lead with its reason, answers it as any other, and mails nobody', async () => {
    const body = contact({ website: 'http://cheap-pills.example', fillMs: 12000, scripted: true });
    const res = await send(CONTACT, body);
    const real = await send(CONTACT, contact({ website: '', fillMs: 12000, scripted: true }));

    expect(res.status).toBe(real.status);
    expect(res.text).toBe(real.text);
    const [lead] = storedMessages(body.email);
    expect(lead).toMatchObject({ type: 'contact_message', status: 'lead_suspected', content: body.message });
    expect(lead!.meta._message_spam_reasons).toBe('hidden field filled');
    expect(lead!.meta._message_unread).toBeUndefined();
    expect(lead!.meta._message_mail_status).toBeUndefined();
    await new Promise((r) => setTimeout(r, 500));
    expect(mailReplyingTo(body.email)).toEqual([]);
  });

  it('keeps an inquiry sent under three seconds without the page’s script as suspected, and one that took longer as a lead', async () => {
    const fast = inquiry({ fillMs: 800, scripted: false });
    const slow = inquiry({ fillMs: 9000, scripted: false });
    const held = await send(INQUIRIES, fast);
    const kept = await send(INQUIRIES, slow);
    expect(held.status).toBe(201);
    expect(held.body).toEqual(INQUIRY_ANSWER);
    expect(kept.body).toEqual(INQUIRY_ANSWER);
    const [suspected] = storedMessages(fast.emailAddress);
    expect(suspected).toMatchObject({ status: 'lead_suspected' });
    expect(suspected!.meta._message_spam_reasons).toBe("sent 0.8 s after the page loaded; the page's script did not run");
    expect(storedMessages(slow.emailAddress)).toMatchObject([{ status: 'private' }]);
  });

  it('stores a suspected lead once for a key sent twice, as any lead', async () => {
    const key = newKey();
    const body = contact({ website: 'bot', fillMs: 100 });
    const first = await send(CONTACT, body, { key });
    const again = await send(CONTACT, body, { key });
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(storedMessages(body.email)).toMatchObject([{ status: 'lead_suspected' }]);
  });

  it('refuses a fillMs that is not a number of milliseconds, and a scripted that is not a yes or no', async () => {
    const res = await send(CONTACT, contact({ fillMs: 'soon' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/whole number of milliseconds/);
    const flag = await send(CONTACT, contact({ scripted: 'perhaps' }));
    expect(flag.status).toBe(400);
    expect(flag.body.message).toMatch(/scripted/);
  });
});

describe('text as typed', () => {
  const TYPED = 'Lagos & Accra <port> <b>bold</b> "quoted"';

  it('stores and mails a contact message, the name and the Reply-To exactly as typed, and wp-admin shows them escaped once', async () => {
    const body = contact({ firstName: 'Grace "G"', lastName: 'Hopper, Jr.', message: `${TYPED}\nsecond line` });
    expect((await send(CONTACT, body)).status).toBe(201);
    const [lead] = storedMessages(body.email);
    expect(lead).toMatchObject({ title: 'Grace "G" Hopper, Jr.', content: `${TYPED}\nsecond line` });
    expect(lead!.meta).toMatchObject({
      _message_name: 'Grace "G" Hopper, Jr.',
      _message_first_name: 'Grace "G"',
      _message_last_name: 'Hopper, Jr.',
    });

    const [mail] = await waitForMail((m) => m.replyTo.includes(body.email));
    expect(mail!.text).toContain(`\n${TYPED}\nsecond line`);
    expect(mail!.text).toContain('Name: Grace "G" Hopper, Jr.');
    expect(mail!.subject).toBe('New contact message from Grace "G" Hopper, Jr.');
    expect(mail!.replyTo).toEqual([body.email]);
    expect(mail!.replyToNames).toEqual(['Grace "G" Hopper, Jr.']);

    const admin = await adminSession();
    const list = await (await admin.get('/wp-admin/edit.php?post_type=contact_message')).text();
    const row = list.match(new RegExp(`<tr id="post-${lead!.id}"[\\s\\S]*?</tr>`))?.[0] ?? '';
    expect(row).toContain('>Grace &quot;G&quot; Hopper, Jr.</a>');
    const screen = await (await admin.get(`/wp-admin/post.php?post=${lead!.id}&action=edit`)).text();
    expect(screen).toContain('Lagos &amp; Accra &lt;port&gt; &lt;b&gt;bold&lt;/b&gt; &quot;quoted&quot;');
    expect(screen).toContain('Grace &quot;G&quot; Hopper, Jr.');
    expect(screen).not.toContain('&amp;amp;');
    expect(screen).not.toContain('<b>bold</b>');
  });

  it('mails an inquiry from a name in another script with that name as the Reply-To name', async () => {
    const body = inquiry({ name: 'Аделаида Ким', message: TYPED });
    expect((await send(INQUIRIES, body)).status).toBe(201);
    expect(storedMessages(body.emailAddress)[0]).toMatchObject({ title: 'Аделаида Ким', content: TYPED });
    const [mail] = await waitForMail((m) => m.replyTo.includes(body.emailAddress));
    expect(mail!.replyToNames).toEqual(['Аделаида Ким']);
    expect(mail!.text).toContain(`\n${TYPED}`);
  });
});

describe('staff mail', () => {
  it('mails an inquiry to every settings address, replying to the visitor, with the car and its link', async () => {
    wpPhp(
      `update_option( 'car_export_settings', array_merge( get_option( 'car_export_settings', array() ), array( 'email' => 'sales@qa.example, ops@qa.example' ) ) ); echo 1;`,
    );
    const stock = `QA-LEAD-${car}`;
    const company = wpPhp<string>(
      `update_post_meta( (int) $argv[1], '_car_stock_number', $argv[2] ); echo json_encode( get_bloginfo( 'name' ) );`,
      String(car),
      stock,
    );
    const body = inquiry({ name: 'Linus "Tux" Torvalds', message: 'Price for 3 units?\nShipping to Lagos.' });
    const res = await send(INQUIRIES, body);
    expect(res.status).toBe(201);

    const [mail] = await waitForMail((m) => m.replyTo.includes(body.emailAddress));
    const title = wpPhp<string>(`echo json_encode( get_the_title( (int) $argv[1] ) );`, String(car));
    expect(mail!.envelope.to.sort()).toEqual(['ops@qa.example', 'sales@qa.example']);
    expect(mail!.replyTo).toEqual([body.emailAddress]);
    expect(mail!.subject).toContain(`Inquiry about ${stock} ${title}`);
    // From the business by name, not "WordPress".
    const raw = fs.readFileSync(path.join(MAIL_DIR, `${mail!.id}.eml`), 'utf8');
    expect(/^From: (.*)$/m.exec(raw)?.[1]).toBe(`${company} <${mail!.from}>`);
    expect(mail!.text).toContain(title);
    expect(mail!.text).toContain(`Stock number: ${stock}`);
    expect(mail!.text).toContain('USD 27,500');
    expect(mail!.text).toMatch(new RegExp(`https?://[^\\s]+/car/${car}\\b`));
    expect(mail!.text).toContain('Shipping to Lagos.');
    const [lead] = storedMessages(body.emailAddress);
    expect(mail!.text).toContain(`/wp-admin/post.php?post=${lead!.id}&action=edit`);
    await leadMetaBecomes(lead!.id, '_message_mail_status', 'sent');
    expect(leadMeta(lead!.id, '_message_mail_attempts')).toBe('1');

    // Visitors are shown one address, the first of the list.
    const { siteSettings } = await gqlData<{ siteSettings: { email: string } }>('{ siteSettings { email } }');
    expect(siteSettings.email).toBe('sales@qa.example');
  });

  it('answers a lead without waiting for a slow mail server: the notice is queued and the cron runner sends it', async () => {
    sinkSlow(4000);
    const body = contact();
    const began = Date.now();
    const res = await send(CONTACT, body);
    const answeredMs = Date.now() - began;
    expect(res.status).toBe(201);
    expect(res.body).toEqual(CONTACT_ANSWER);
    // Well under the mail server's 4 s: the request never talked to it.
    expect(answeredMs).toBeLessThan(2000);

    const [lead] = storedMessages(body.email);
    expect(lead).toBeDefined();
    // Stored, its notice waiting or just taken by the cron runner (it runs every few seconds, and may
    // have claimed it since the answer), but nothing at the mail server: the request never sent it.
    expect(['pending', 'sending']).toContain(leadMeta(lead!.id, '_message_mail_status'));
    expect(receivedMail().filter((m) => m.replyTo.includes(body.email))).toEqual([]);

    // The cron runner (every few seconds) hands it to the slow server later.
    const [mail] = await waitForMail((m) => m.replyTo.includes(body.email), { timeoutMs: 20000 });
    expect(mail!.subject).toBe('New contact message from Ada Lovelace');
    await leadMetaBecomes(lead!.id, '_message_mail_status', 'sent');
    expect(leadMeta(lead!.id, '_message_mail_attempts')).toBe('1');
  });

  it('records a failed mail on the lead, and WP-Cron sends it on the retry', async () => {
    sinkRefuses(true);
    const body = contact();
    const res = await send(CONTACT, body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual(CONTACT_ANSWER);

    const [lead] = storedMessages(body.email);
    expect(lead).toBeDefined();
    await leadMetaBecomes(lead!.id, '_message_mail_status', 'retrying');
    expect(leadMeta(lead!.id, '_message_mail_attempts')).toBe('1');
    expect(leadMeta(lead!.id, '_message_mail_error')).toMatch(/recipients failed|451|temporarily/i);
    // The status is written just before the retry is scheduled: wait for the event itself.
    const nextRetry = () =>
      wpPhp<number>(
        `echo json_encode( (int) wp_next_scheduled( 'car_export_retry_lead_mail', array( (int) $argv[1] ) ) );`,
        String(lead!.id),
      );
    let next = nextRetry();
    for (let tries = 0; next === 0 && tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      next = nextRetry();
    }
    const now = Math.floor(Date.now() / 1000);
    expect(next).toBeGreaterThan(now + 240);
    expect(next).toBeLessThanOrEqual(now + 310);

    // Five minutes later, with the mail server back: bring the retry forward and let WP-Cron run.
    sinkRefuses(false);
    wpPhp(
      `$id = (int) $argv[1]; wp_clear_scheduled_hook( 'car_export_retry_lead_mail', array( $id ) );
      wp_schedule_single_event( time() - 1, 'car_export_retry_lead_mail', array( $id ) ); delete_transient( 'doing_cron' ); echo 1;`,
      String(lead!.id),
    );
    await http('/wp-cron.php');

    const [mail] = await waitForMail((m) => m.replyTo.includes(body.email));
    expect(mail!.subject).toBe('New contact message from Ada Lovelace');
    await leadMetaBecomes(lead!.id, '_message_mail_status', 'sent');
    expect(leadMeta(lead!.id, '_message_mail_attempts')).toBe('2');
  });

  it('gives up after the last retry and leaves the lead marked as failed', async () => {
    sinkRefuses(true);
    const body = contact();
    await send(CONTACT, body);
    const [lead] = storedMessages(body.email);
    await leadMetaBecomes(lead!.id, '_message_mail_status', 'retrying');
    wpPhp(
      `update_post_meta( (int) $argv[1], '_message_mail_attempts', 3 ); do_action( 'car_export_retry_lead_mail', (int) $argv[1] ); echo 1;`,
      String(lead!.id),
    );
    expect(leadMeta(lead!.id, '_message_mail_status')).toBe('failed');
    expect(leadMeta(lead!.id, '_message_mail_attempts')).toBe('4');
    const next = wpPhp<number | false>(
      `echo json_encode( wp_next_scheduled( 'car_export_retry_lead_mail', array( (int) $argv[1] ) ) );`,
      String(lead!.id),
    );
    expect(next).toBe(false);
  });
});

describe('staff work leads in wp-admin', () => {
  let admin: AdminSession;
  beforeAll(async () => {
    admin = await adminSession();
  });

  const rowOf = (html: string, id: number) => html.match(new RegExp(`<tr id="post-${id}"[\\s\\S]*?</tr>`))?.[0] ?? '';

  it('changes a lead status from the list with a row link, which marks it read, and refuses a link without a valid nonce', async () => {
    const body = contact();
    await send(CONTACT, body);
    const [lead] = storedMessages(body.email);
    const list = await (await admin.get('/wp-admin/edit.php?post_type=contact_message')).text();
    const row = rowOf(list, lead!.id);
    expect(row).toContain('New');
    const href = linkHref(row, 'Mark Contacted');
    expect(href).toBeDefined();

    const forged = await admin.get(href!.replace(/_wpnonce=[^&]+/, '_wpnonce=0123456789'));
    expect(forged.status).toBe(403);
    expect(leadMeta(lead!.id, '_message_status')).toBe('new');
    expect(leadMeta(lead!.id, '_message_unread')).toBe('1');

    const done = await admin.get(href!);
    expect(done.status).toBe(302);
    expect(leadMeta(lead!.id, '_message_status')).toBe('contacted');
    // Whoever set a status has dealt with the lead: it no longer counts as unread.
    expect(leadMeta(lead!.id, '_message_unread')).toBe('');
    const after = rowOf(await (await admin.get('/wp-admin/edit.php?post_type=contact_message')).text(), lead!.id);
    expect(linkHref(after, 'Mark Contacted')).toBeUndefined();
    expect(linkHref(after, 'Mark Won')).toBeDefined();
  });

  it('counts unread leads on the Messages menu until one is opened', async () => {
    const body = inquiry();
    await send(INQUIRIES, body);
    const [lead] = storedMessages(body.emailAddress);
    const unread = () => wpPhp<number>(`echo json_encode( array_sum( \\CarExport\\Messages\\UnreadLeads::counts() ) );`);
    const count = unread();
    expect(count).toBeGreaterThan(0);
    const page = await (await admin.get('/wp-admin/index.php')).text();
    expect(page).toContain(`<span class="pending-count" aria-hidden="true">${count}</span>`);

    const open = await admin.get(`/wp-admin/post.php?post=${lead!.id}&action=edit`);
    expect(open.status).toBe(200);
    expect(unread()).toBe(count - 1);
    expect(leadMeta(lead!.id, '_message_unread')).toBe('');
  });

  it('exports the filtered list as CSV with formula cells defused', async () => {
    const evil = contact({ firstName: '=HYPERLINK("http://evil.example")', lastName: 'X' });
    const plain = contact();
    await send(CONTACT, evil);
    await send(CONTACT, plain);
    const [evilLead] = storedMessages(evil.email);
    wpPhp(`update_post_meta( (int) $argv[1], '_message_status', 'lost' ); echo 1;`, String(evilLead!.id));

    const list = await (await admin.get('/wp-admin/edit.php?post_type=contact_message&lead_status=lost')).text();
    expect(rowOf(list, evilLead!.id)).not.toBe('');
    const href = linkHref(list, 'Export CSV');
    expect(href).toContain('lead_status=lost');
    const res = await admin.get(href!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = await res.text();
    expect(csv).toContain(`"${evilLead!.id}"`);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"") X"`);
    expect(csv).not.toContain(plain.email);
    expect(csv.split('\r\n')[0]).toContain('"Status"');

    // An inquiry's destination port is a column of its own, as sales quote shipping by it.
    const asked = inquiry();
    await send(INQUIRIES, asked);
    const [inquiryLead] = storedMessages(asked.emailAddress);
    wpPhp(`update_post_meta( (int) $argv[1], '_inquiry_port', 'Lagos, Nigeria (RoRo)' ); echo 1;`, String(inquiryLead!.id));
    const inquiries = await (await admin.get('/wp-admin/edit.php?post_type=car_inquiry')).text();
    const inquiryCsv = (await (await admin.get(linkHref(inquiries, 'Export CSV')!)).text()).split('\r\n');
    const header = inquiryCsv[0]!.split('","');
    const row = inquiryCsv.find((line) => line.startsWith(`"${inquiryLead!.id}"`))!.split('","');
    expect(row[header.indexOf('Destination port')]).toBe('Lagos, Nigeria (RoRo)');

    const noNonce = await admin.get(href!.replace(/_wpnonce=[^&]+/, '_wpnonce=bad'));
    expect(noNonce.status).toBe(403);
    const anonymous = await fetch(href!.startsWith('http') ? href! : `${WP}${href}`, { redirect: 'manual' });
    expect(anonymous.status).not.toBe(200);
  });

  it('lists a suspected lead with its reasons under "Suspected spam" only, and "Not spam" makes it a mailed, unread lead', async () => {
    const body = contact({ website: 'http://cheap-pills.example', message: 'Please answer, I am a person.' });
    await send(CONTACT, body);
    const [lead] = storedMessages(body.email);
    const all = await (await admin.get('/wp-admin/edit.php?post_type=contact_message')).text();
    expect(rowOf(all, lead!.id)).toBe('');
    const viewHref = linkHref(all, /^Suspected spam/);
    expect(viewHref).toContain('post_status=lead_suspected');
    const spamList = await (await admin.get(`/wp-admin/${viewHref!.replace(/^.*\/wp-admin\//, '')}`)).text();
    const row = rowOf(spamList, lead!.id);
    expect(row).toContain('Suspected spam');
    expect(row).toContain('hidden field filled');
    const screen = await (await admin.get(`/wp-admin/post.php?post=${lead!.id}&action=edit`)).text();
    expect(screen).toContain('hidden field filled');

    const notSpam = linkHref(row, 'Not spam');
    expect(notSpam).toBeDefined();
    expect((await admin.get(notSpam!.replace(/_wpnonce=[^&]+/, '_wpnonce=bad'))).status).toBe(403);
    expect(storedMessages(body.email)[0]!.status).toBe('lead_suspected');
    expect((await admin.get(notSpam!)).status).toBe(302);
    const [released] = storedMessages(body.email);
    expect(released).toMatchObject({ status: 'private', content: 'Please answer, I am a person.' });
    expect(released!.meta._message_spam_reasons).toBeUndefined();
    expect(released!.meta._message_unread).toBe('1');
    const [mail] = await waitForMail((m) => m.replyTo.includes(body.email));
    expect(mail!.text).toContain('Please answer, I am a person.');
    expect(rowOf(await (await admin.get('/wp-admin/edit.php?post_type=contact_message')).text(), lead!.id)).not.toBe('');
    // A second click changes nothing and mails nobody again.
    await admin.get(notSpam!);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailReplyingTo(body.email)).toHaveLength(1);
  });

  it('filters inquiries by car', async () => {
    const body = inquiry();
    await send(INQUIRIES, body);
    const [lead] = storedMessages(body.emailAddress);
    const byCar = await (await admin.get(`/wp-admin/edit.php?post_type=car_inquiry&lead_car=${car}`)).text();
    expect(rowOf(byCar, lead!.id)).not.toBe('');
    const otherCar = await (await admin.get(`/wp-admin/edit.php?post_type=car_inquiry&lead_car=${car + 100000}`)).text();
    expect(rowOf(otherCar, lead!.id)).toBe('');
  });
});
