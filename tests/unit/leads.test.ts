// How a lead reaches WordPress, through the real client against a local fake WordPress (an HTTP
// server answering as the plugin's REST routes do): what WordPress receives, what the /api routes and
// the forms answer for each of WordPress's answers, that a lead WordPress cannot take is kept on disk
// under the key it was sent with, and what the outbox's delivery attempt makes of each answer.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '~/lib/http/api-responses.server';
import { PEER_IP_HEADER } from '~/lib/http/visitor.server';
import { apiLead, withLeadExtras } from '~/lib/leads/api-lead.server';
import {
  deliverQueuedLead,
  fillTime,
  formLeadKey,
  getOutbox,
  IDEMPOTENCY_KEY_PATTERN,
  LEAD_ACCEPTED,
  leadFormStamp,
  keepLeadsForAnotherProcess,
  outboxDir as leadOutboxDir,
  resetLeadOutboxForTests,
  startLeadOutbox,
  submitFormLead,
  type QueuedLead,
} from '~/lib/leads/leads.server';
import type { OutboxEntry } from '~/lib/leads/outbox.server';
import { scriptProof } from '~/forms/lead-guard';
import { resetEnvForTests } from '~/lib/server/env.server';
import { CircuitBreaker } from '~/lib/wordpress/breaker.server';
import {
  CIRCUIT_OPEN,
  createWordPressClient,
  setWordPressForTests,
  WordPressError,
  type WordPressClient,
} from '~/lib/wordpress/client.server';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

/** What the fake WordPress got, in order, and what it answers next (200 success when nothing is set). */
const received: Received[] = [];
let answers: Answer[] = [];
let server: http.Server;
let baseUrl = '';
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leads-test-outbox-'));
const FALLBACK = 'Failed to send your message. Please try again.';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : {} });
      const answer = answers.shift() ?? { status: 200, body: { success: true, message: 'Stored by WordPress.' } };
      res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.WORDPRESS_URL ??= baseUrl;
  process.env.OUTBOX_DIR = outboxDir;
  resetEnvForTests();
});

afterAll(async () => {
  setWordPressForTests(undefined);
  await getOutbox().close();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

beforeEach(() => {
  received.length = 0;
  answers = [];
  // A fresh client (and breaker) per test: one test's 5xx answers never open the circuit for the next.
  setWordPressForTests(createWordPressClient({ baseUrl, cache: false }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** What the operator reads in the log at `level`, quiet in the test's own output. */
function operatorLog(level: 'info' | 'warn' | 'error') {
  return vi.spyOn(console, level).mockImplementation(() => undefined);
}

const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+44 20 7946 0018',
  message: 'Is the Seal still for sale?',
};
const inquiry = {
  name: 'Ada Lovelace',
  phoneNumber: '+44 20 7946 0018',
  emailAddress: 'ada@example.com',
  carId: 7,
  message: 'Price to Lagos?',
};

function apiRequest(headers: Record<string, string> = {}) {
  return new Request('http://site.test/api/contact', {
    method: 'POST',
    headers: { [PEER_IP_HEADER]: '203.0.113.9', 'User-Agent': 'Buyer Browser/1.0', ...headers },
  });
}

/** The /api answer: the Response, or the ApiError the route turns into its 4xx/5xx. */
async function api(kind: 'contact' | 'inquiry', body: Record<string, unknown>, headers: Record<string, string> = {}) {
  try {
    return await apiLead(apiRequest(headers), kind, body, FALLBACK);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}

/** The first request WordPress got since the list was last emptied. */
function first(): Received {
  const request = received[0];
  if (!request) throw new Error('WordPress received nothing');
  return request;
}

function pendingFiles(): string[] {
  const dir = path.join(outboxDir, 'pending');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

function queued(file: string): OutboxEntry<QueuedLead> {
  return JSON.parse(fs.readFileSync(path.join(outboxDir, 'pending', file), 'utf8'));
}

describe('the /api lead routes', () => {
  it('send the contact message to WordPress with its key and visitor, and answer 201 with WordPress’s sentence', async () => {
    const key = 'buyer-key-0000000001';
    const res = await api('contact', { ...contact, website: '', fillMs: 4200 }, { 'Idempotency-Key': ` ${key} ` });
    expect(res).toBeInstanceOf(Response);
    const response = res as Response;
    expect(response.status).toBe(201);
    expect(response.headers.get('Idempotency-Key')).toBe(key);
    expect(await response.json()).toEqual({ success: true, message: 'Stored by WordPress.' });
    expect(received).toHaveLength(1);
    const sent = first();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/wp-json/car-export/v1/contact');
    expect(sent.headers['idempotency-key']).toBe(key);
    expect(sent.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(sent.headers['user-agent']).toBe('Buyer Browser/1.0');
    // An empty honeypot is a person's: it is not sent at all.
    expect(sent.body).toEqual({ ...contact, fillMs: 4200 });
  });

  it('answer WordPress’s own words when it stored the lead without a sentence', async () => {
    answers.push({ status: 200, body: { success: true, message: '' } });
    const res = (await api('inquiry', inquiry)) as Response;
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: LEAD_ACCEPTED.inquiry });
    expect(first().url).toBe('/wp-json/car-export/v1/inquiries');
  });

  it('take the key from the body when there is no header, and pass the honeypot on as sent', async () => {
    const key = 'body-key-00000000002';
    const res = (await api('contact', { ...contact, idempotencyKey: key, website: 'http://spam.example' })) as Response;
    expect(res.headers.get('Idempotency-Key')).toBe(key);
    expect(first().headers['idempotency-key']).toBe(key);
    expect(first().body.website).toBe('http://spam.example');
    expect(first().body).not.toHaveProperty('idempotencyKey');
  });

  it('make a key when the sender gave none, and answer with the one WordPress got', async () => {
    const res = (await api('contact', contact)) as Response;
    const key = res.headers.get('Idempotency-Key') ?? '';
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(first().headers['idempotency-key']).toBe(key);
    const again = (await api('contact', contact)) as Response;
    expect(again.headers.get('Idempotency-Key')).not.toBe(key);
  });

  it('refuse a malformed key or a header and body that disagree with a 400, and send nothing', async () => {
    const bad = await api('contact', contact, { 'Idempotency-Key': 'short' });
    expect(bad).toBeInstanceOf(ApiError);
    expect((bad as ApiError).status).toBe(400);
    expect((bad as ApiError).message).toMatch(/Idempotency-Key header must be 16 to 128/);
    const differ = await api(
      'contact',
      { ...contact, idempotencyKey: 'body-key-00000000003' },
      { 'Idempotency-Key': 'head-key-00000000003' },
    );
    expect((differ as ApiError).status).toBe(400);
    expect((differ as ApiError).message).toBe('The Idempotency-Key header and idempotencyKey differ.');
    // The same key in both is one key.
    const same = (await api(
      'contact',
      { ...contact, idempotencyKey: 'same-key-00000000004' },
      { 'Idempotency-Key': 'same-key-00000000004' },
    )) as Response;
    expect(same.status).toBe(201);
    expect(received).toHaveLength(1);
  });

  it('pass WordPress’s refusal on with its status, sentence and Retry-After, and keep nothing', async () => {
    answers.push({ status: 422, body: { code: 'invalid_email', message: 'Please enter a valid email address.', data: { status: 422 } } });
    const refused = (await api('contact', contact)) as ApiError;
    expect(refused).toBeInstanceOf(ApiError);
    expect([refused.status, refused.message, refused.headers]).toEqual([422, 'Please enter a valid email address.', {}]);
    answers.push({ status: 429, body: { code: 'rate_limited', message: 'Too many messages.', data: { status: 429, retryAfter: 40 } } });
    const limited = (await api('contact', contact)) as ApiError;
    expect([limited.status, limited.message, limited.headers]).toEqual([429, 'Too many messages.', { 'Retry-After': '40' }]);
    answers.push({ status: 404, body: { code: 'rest_no_route' } });
    const bare = (await api('inquiry', inquiry)) as ApiError;
    expect([bare.status, bare.message]).toEqual([404, FALLBACK]);
    expect(pendingFiles()).toEqual([]);
  });

  it('answer 502 when WordPress looked at the lead and did not store it', async () => {
    answers.push({ status: 200, body: { success: false, message: 'This car is no longer offered.' } });
    const said = (await api('inquiry', inquiry)) as ApiError;
    expect([said.status, said.message]).toEqual([502, 'This car is no longer offered.']);
    answers.push({ status: 200, body: { success: false, message: '' } });
    const silent = (await api('inquiry', inquiry)) as ApiError;
    expect([silent.status, silent.message]).toEqual([502, FALLBACK]);
    expect(pendingFiles()).toEqual([]);
  });

  it('keep a lead WordPress cannot take in the outbox, answer 202, and deliver it later under the same key', async () => {
    const key = 'outage-key-000000005';
    const warn = operatorLog('warn');
    answers.push({ status: 503, body: { code: 'down', message: 'Maintenance' } });
    const res = (await api('contact', { ...contact, fillMs: 900 }, { 'Idempotency-Key': key })) as Response;
    expect(res.status).toBe(202);
    expect(warn.mock.calls).toEqual([[`WordPress unavailable (503 Maintenance); contact ${key} kept in the outbox`]]);
    expect(res.headers.get('Idempotency-Key')).toBe(key);
    expect(await res.json()).toEqual({ success: true, message: LEAD_ACCEPTED.contact });
    expect(pendingFiles()).toEqual([`contact.${key}.json`]);
    const entry = queued(`contact.${key}.json`);
    expect(entry.payload).toMatchObject({ kind: 'contact', key, data: contact, visitor: { ip: '203.0.113.9' }, spam: { fillMs: 900 } });

    // Delivered later: WordPress gets the very same lead under the very same key.
    received.length = 0;
    expect(await deliverQueuedLead(entry)).toEqual({ status: 'delivered' });
    expect(first().headers['idempotency-key']).toBe(key);
    expect(first().headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(first().body).toEqual({ ...contact, fillMs: 900 });
    fs.rmSync(path.join(outboxDir, 'pending', `contact.${key}.json`));
  });

  it('keep a lead WordPress is still storing under the same key (409) rather than refuse it', async () => {
    const key = 'conflict-key-0000006';
    const warn = operatorLog('warn');
    answers.push({ status: 409, body: { code: 'in_progress', message: 'Still storing.' } });
    const res = (await api('inquiry', inquiry, { 'Idempotency-Key': key })) as Response;
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ success: true, message: LEAD_ACCEPTED.inquiry });
    expect(pendingFiles()).toEqual([`inquiry.${key}.json`]);
    expect(warn.mock.calls).toEqual([[`WordPress unavailable (409 Still storing.); inquiry ${key} kept in the outbox`]]);
    fs.rmSync(path.join(outboxDir, 'pending', `inquiry.${key}.json`));
  });

  it('keep a lead WordPress turned away on a flood limit counted on the site’s own address, and tell the operator', async () => {
    const key = 'shared-limit-key-008';
    const error = operatorLog('error');
    const sentence = 'You have sent several messages in a short time. Please wait a minute and try again.';
    const flood = (limitedBy: string) => ({
      status: 429,
      body: { code: 'car_export_too_many_requests', message: sentence, data: { status: 429, retryAfter: 40, limitedBy } },
    });
    // Every visitor counted as the site's one connection: not this visitor's flood, so the lead waits.
    answers.push(flood('peer'));
    const res = (await api('inquiry', inquiry, { 'Idempotency-Key': key })) as Response;
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ success: true, message: LEAD_ACCEPTED.inquiry });
    expect(pendingFiles()).toEqual([`inquiry.${key}.json`]);
    expect(error.mock.calls).toEqual([
      [
        `WordPress counted the site's own address for its flood limit, not the visitor's (is PURGE_SECRET WordPress's purge secret?); inquiry ${key} kept in the outbox`,
      ],
    ]);
    fs.rmSync(path.join(outboxDir, 'pending', `inquiry.${key}.json`));

    // The same limit counted on the visitor's own address is their flood: refused with its sentence, nothing kept.
    answers.push(flood('visitor'));
    const own = (await api('inquiry', inquiry, { 'Idempotency-Key': 'own-flood-key-000009' })) as ApiError;
    expect([own.status, own.message, own.headers]).toEqual([429, sentence, { 'Retry-After': '40' }]);
    expect(pendingFiles()).toEqual([]);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('answer 503 with Retry-After, never “sent”, when WordPress is down and the lead cannot be kept either', async () => {
    const key = 'unkept-key-000000007';
    // Something already stands where the lead's file would go, so keeping it fails.
    getOutbox();
    fs.mkdirSync(path.join(outboxDir, 'pending', `contact.${key}.json`, 'blocker'), { recursive: true });
    const error = operatorLog('error');
    answers.push({ status: 502 });
    const res = (await api('contact', contact, { 'Idempotency-Key': key })) as ApiError;
    expect(res).toBeInstanceOf(ApiError);
    expect(error.mock.calls).toEqual([[`Lead ${key} could not be queued:`, expect.stringMatching(/^EISDIR/)]]);
    expect([res.status, res.message, res.headers]).toEqual([503, FALLBACK, { 'Retry-After': '30' }]);
    fs.rmSync(path.join(outboxDir, 'pending', `contact.${key}.json`), { recursive: true });
  });

  it('answer 500 for a failure that is not WordPress’s, and keep nothing', async () => {
    const broken = {
      sendContact: () => Promise.reject(new TypeError('boom')),
    } as unknown as WordPressClient;
    setWordPressForTests(broken);
    const error = operatorLog('error');
    const res = (await api('contact', contact)) as ApiError;
    expect([res.status, res.message]).toEqual([500, FALLBACK]);
    expect(error.mock.calls).toEqual([[expect.stringMatching(/^Lead site-[0-9a-f-]{36} failed unexpectedly:$/), new TypeError('boom')]]);
    expect(pendingFiles()).toEqual([]);
  });
});

describe('a lead from the site’s forms', () => {
  const request = () => apiRequest();
  const form = (extra: Record<string, unknown> = {}) => ({ formKey: 'form-0001', ...extra });

  async function sentKey(fields: Record<string, unknown>, data: typeof contact | Record<string, unknown>) {
    received.length = 0;
    await submitFormLead(request(), fields, { kind: 'contact', data } as Parameters<typeof submitFormLead>[2]);
    return String(first().headers['idempotency-key']);
  }

  it('is stored with WordPress’s sentence, and the signed-in buyer’s token goes with an inquiry', async () => {
    expect(await submitFormLead(request(), form(), { kind: 'contact', data: contact })).toEqual({
      ok: true,
      queued: false,
      message: 'Stored by WordPress.',
    });
    received.length = 0;
    await submitFormLead(request(), form(), { kind: 'inquiry', data: inquiry }, 'buyer-token');
    expect(first().headers.authorization).toBe('Bearer buyer-token');
  });

  it('has one key for the same typed lead, whatever the spacing, empty fields or order, and another for anything else', async () => {
    const key = await sentKey(form(), contact);
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(key.startsWith('form-')).toBe(true);
    const { phoneNumber: _, ...withoutPhone } = contact;
    const { lastName, ...rest } = contact;
    expect(await sentKey(form(), { lastName, ...rest, message: ` ${contact.message} `, firstName: 'Ada ' })).toBe(key);
    expect(await sentKey(form(), { ...withoutPhone, phoneNumber: '' })).toBe(await sentKey(form(), withoutPhone));
    expect(await sentKey(form(), { ...withoutPhone, phoneNumber: undefined })).toBe(await sentKey(form(), withoutPhone));
    expect(await sentKey(form(), { ...contact, lastName: 'Byron' })).not.toBe(key);
    expect(await sentKey(form({ formKey: 'form-0002' }), contact)).not.toBe(key);
    // Another visitor with the same cached page (the same form key) who typed the same words.
    received.length = 0;
    await submitFormLead(apiRequest({ [PEER_IP_HEADER]: '198.51.100.7' }), form(), { kind: 'contact', data: contact });
    expect(first().headers['idempotency-key']).not.toBe(key);
    // The same fields sent as an inquiry are another lead.
    received.length = 0;
    await submitFormLead(request(), form(), { kind: 'inquiry', data: contact as unknown as typeof inquiry });
    expect(first().headers['idempotency-key']).not.toBe(key);
  });

  it('ignores a form key that is not one of the site’s, rather than trusting what was posted', async () => {
    const none = await sentKey({}, contact);
    expect(await sentKey({ formKey: 'not a key!' }, contact)).toBe(none);
    expect(await sentKey({ formKey: 'x'.repeat(65) }, contact)).toBe(none);
    expect(await sentKey({ formKey: 'x'.repeat(64) }, contact)).not.toBe(none);
    expect(await sentKey({ formKey: 12 }, contact)).toBe(none);
    // The same key as a lead sent with no form key at all, by the same visitor.
    expect(none).toBe(formLeadKey('', { kind: 'contact', data: contact }, '203.0.113.9'));
  });

  it('sends the honeypot only when filled, and the fill time measured or since the page was rendered', async () => {
    await sentKey(form({ website: 'http://spam.example', fillMs: '3100' }), contact);
    expect(first().body).toMatchObject({ website: 'http://spam.example', fillMs: 3100 });
    await sentKey(form({ website: '', renderedAt: String(Date.now() - 60_000) }), contact);
    expect(first().body).not.toHaveProperty('website');
    expect(Number(first().body.fillMs)).toBeGreaterThanOrEqual(60_000);
    expect(Number(first().body.fillMs)).toBeLessThan(70_000);
    await sentKey(form({ website: 7 }), contact);
    expect(first().body).not.toHaveProperty('website');
    expect(first().body).not.toHaveProperty('fillMs');
  });

  it('says the page’s script ran only when the form carries the proof the script puts there', async () => {
    // A person whose browser autofilled the form, sending it 1.5 s after the page loaded.
    await sentKey(form({ fillMs: '1500', formScript: scriptProof('form-0001') }), contact);
    expect(first().body).toMatchObject({ fillMs: 1500, scripted: 1 });
    // A bot posting the hidden fields as the HTML has them, or another form's proof.
    await sentKey(form({ fillMs: '1500', formScript: '' }), contact);
    expect(first().body).toMatchObject({ scripted: 0 });
    await sentKey(form({ formScript: scriptProof('form-0002') }), contact);
    expect(first().body).toMatchObject({ scripted: 0 });
    await sentKey({ formScript: scriptProof('') }, contact);
    expect(first().body).toMatchObject({ scripted: 0 });
  });

  it('keeps the guard fields with a lead the outbox takes, so its delivery is judged as the visitor sent it', async () => {
    const warn = operatorLog('warn');
    answers.push({ status: 503, body: { code: 'down', message: 'Maintenance' } });
    const fields = form({ fillMs: '1500', formScript: scriptProof('form-0001'), website: 'http://spam.example' });
    expect(await submitFormLead(request(), fields, { kind: 'contact', data: contact })).toMatchObject({ ok: true, queued: true });
    expect(warn).toHaveBeenCalledTimes(1);
    const [file] = pendingFiles();
    const entry = queued(file!);
    expect(entry.payload.spam).toEqual({ honeypot: 'http://spam.example', fillMs: 1500, scripted: true });
    received.length = 0;
    expect(await deliverQueuedLead(entry)).toEqual({ status: 'delivered' });
    expect(first().body).toMatchObject({ website: 'http://spam.example', fillMs: 1500, scripted: 1 });
    fs.rmSync(path.join(outboxDir, 'pending', file!));
  });

  it('tells the visitor what WordPress refused, with its wait', async () => {
    answers.push({ status: 429, body: { code: 'rate_limited', message: 'Too many messages.', data: { status: 429, retryAfter: 60 } } });
    expect(await submitFormLead(request(), form(), { kind: 'contact', data: contact })).toEqual({
      ok: false,
      status: 429,
      message: 'Too many messages.',
      retryAfter: 60,
    });
  });

  it('stamps each new form with its own key and the time it was rendered', () => {
    const before = Date.now();
    const a = leadFormStamp();
    const b = leadFormStamp();
    expect(a.formKey).toMatch(/^[A-Za-z0-9-]{1,64}$/);
    expect(a.formKey).not.toBe(b.formKey);
    expect(a.renderedAt).toBeGreaterThanOrEqual(before);
    expect(a.renderedAt).toBeLessThanOrEqual(Date.now());
  });
});

describe('the fill time of a form', () => {
  const now = 1_700_000_000_000;

  it('is the browser’s measure when it sent a usable one, in whole milliseconds', () => {
    expect(fillTime('2500.9', String(now - 99_000), now)).toBe(2500);
    expect(fillTime('0', undefined, now)).toBe(0);
  });

  it('falls back to the time since the page was rendered', () => {
    expect(fillTime(undefined, String(now - 8_000.5), now)).toBe(8000);
    expect(fillTime('', String(now - 8_000), now)).toBe(8000);
    expect(fillTime('-5', String(now - 8_000), now)).toBe(8000);
    expect(fillTime('soon', String(now - 8_000), now)).toBe(8000);
    expect(fillTime(2500, String(now), now)).toBe(0);
  });

  it('is unknown when neither can be trusted', () => {
    expect(fillTime(undefined, undefined, now)).toBeUndefined();
    expect(fillTime(undefined, '', now)).toBeUndefined();
    expect(fillTime(undefined, '0', now)).toBeUndefined();
    expect(fillTime(undefined, String(now + 1), now)).toBeUndefined();
    expect(fillTime(undefined, 'yesterday', now)).toBeUndefined();
    expect(fillTime(undefined, now - 10, now)).toBeUndefined();
  });
});

describe('one delivery attempt from the outbox', () => {
  const lead: QueuedLead = { kind: 'inquiry', data: inquiry, key: 'outbox-key-000000008', visitor: { adIds: {} }, spam: {} };
  const entry: OutboxEntry<QueuedLead> = { key: `inquiry.${lead.key}`, kind: 'inquiry', payload: lead, createdAt: 0, attempts: 1 };

  it('is delivered when WordPress stores it, and rejected with WordPress’s words when it will not', async () => {
    expect(await deliverQueuedLead(entry)).toEqual({ status: 'delivered' });
    expect(first().headers['idempotency-key']).toBe(lead.key);
    // The outbox never keeps a buyer's token: a delivered lead goes without one.
    expect(first().headers.authorization).toBeUndefined();
    answers.push({ status: 200, body: { success: false, message: 'Car withdrawn.' } });
    expect(await deliverQueuedLead(entry)).toEqual({ status: 'rejected', error: 'Car withdrawn.' });
    answers.push({ status: 200, body: { success: false, message: '' } });
    expect(await deliverQueuedLead(entry)).toEqual({ status: 'rejected', error: 'WordPress answered success: false' });
    answers.push({ status: 422, body: { code: 'bad', message: 'Unknown car.' } });
    expect(await deliverQueuedLead(entry)).toEqual({ status: 'rejected', error: '422 Unknown car.' });
  });

  it('is tried again when WordPress is down or says “not now”, after the wait it asked for', async () => {
    answers.push({ status: 503, body: { message: 'Maintenance' }, headers: { 'Retry-After': '7' } });
    expect(await deliverQueuedLead(entry)).toEqual({ status: 'retry', error: '503 Maintenance', afterMs: 7000 });
    for (const status of [429, 408, 409]) {
      answers.push({ status, body: { message: 'Not now.' } });
      expect(await deliverQueuedLead(entry)).toEqual({ status: 'retry', error: `${status} Not now.`, afterMs: undefined });
    }
  });

  it('is tried again, uncounted, while the circuit holds WordPress for down, and after any other failure', async () => {
    const open = { sendInquiry: () => Promise.reject(new WordPressError('WordPress is unavailable.', 503, CIRCUIT_OPEN, 5)) };
    setWordPressForTests(open as unknown as WordPressClient);
    expect(await deliverQueuedLead(entry)).toEqual({ status: 'retry', error: 'WordPress is unavailable.', afterMs: 5000, counted: false });
    setWordPressForTests({ sendInquiry: () => Promise.reject(new Error('disk gone')) } as unknown as WordPressClient);
    expect(await deliverQueuedLead(entry)).toEqual({ status: 'retry', error: 'disk gone' });
    setWordPressForTests({ sendInquiry: () => Promise.reject('odd') } as unknown as WordPressClient);
    expect(await deliverQueuedLead(entry)).toEqual({ status: 'retry', error: 'odd' });
  });
});

describe('the process’s outbox', () => {
  it('tells the operator, in the server log, when a kept lead is delivered', async () => {
    const key = 'logged-key-000000008';
    operatorLog('warn');
    answers.push({ status: 503, body: { code: 'down', message: 'Maintenance' } });
    await api('contact', contact, { 'Idempotency-Key': key });
    const info = operatorLog('info');
    getOutbox().nudge(0);
    await getOutbox().tick();
    expect(info).toHaveBeenCalledWith(`lead outbox: delivered contact contact.${key} after 1 attempt(s)`);
    expect(pendingFiles()).not.toContain(`contact.${key}.json`);
  });

  it('lives under .local/outbox, one folder per site port, unless OUTBOX_DIR names one', () => {
    const saved = { dir: process.env.OUTBOX_DIR, port: process.env.PORT };
    try {
      delete process.env.OUTBOX_DIR;
      process.env.PORT = '3456';
      resetEnvForTests();
      expect(leadOutboxDir()).toBe(path.resolve('.local', 'outbox', 'site-3456'));
    } finally {
      process.env.OUTBOX_DIR = saved.dir;
      if (saved.port === undefined) delete process.env.PORT;
      else process.env.PORT = saved.port;
      resetEnvForTests();
    }
    expect(leadOutboxDir()).toBe(outboxDir);
  });
});

describe('a lead body from a script', () => {
  it('takes the lead’s own fields and the extras beside them, and refuses bad extras with their rule', () => {
    const schema = withLeadExtras(z.object({ name: z.string() }));
    expect(schema.parse({ name: 'Ada', idempotencyKey: 'script-key-00000001', fillMs: 1200 })).toEqual({
      name: 'Ada',
      idempotencyKey: 'script-key-00000001',
      fillMs: 1200,
    });
    const bad = schema.safeParse({ name: 'Ada', fillMs: 'soon' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['fillMs must be a number.']);
  });
});

describe('the process’s outbox from its first use', () => {
  const lockFile = path.join(outboxDir, 'owner.pid');

  /** Polls for WordPress to have got `count` requests, in short real waits (the loop's call is real I/O). */
  async function receivedAtLeast(count: number) {
    for (let i = 0; i < 200 && received.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return received.length;
  }

  async function keptByOutage(key: string) {
    operatorLog('warn');
    answers.push({ status: 503, body: { code: 'down', message: 'Maintenance' } });
    expect(((await api('contact', contact, { 'Idempotency-Key': key })) as Response).status).toBe(202);
  }

  beforeEach(async () => {
    await resetLeadOutboxForTests();
    for (const file of pendingFiles()) fs.rmSync(path.join(outboxDir, 'pending', file), { recursive: true });
  });

  afterEach(async () => {
    vi.useRealTimers();
    await resetLeadOutboxForTests();
  });

  it('only keeps leads in a process that leaves delivery to another: no lock, no loop', async () => {
    keepLeadsForAnotherProcess();
    await keptByOutage('writer-key-000000010');
    expect(pendingFiles()).toEqual(['contact.writer-key-000000010.json']);
    expect(fs.existsSync(lockFile)).toBe(false);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    startLeadOutbox();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads back what a previous run left on first use, and sends it from boot without waiting for a visitor', async () => {
    await keptByOutage('boot-key-00000000009');
    await resetLeadOutboxForTests();
    const info = operatorLog('info');
    expect(getOutbox().stats().depth).toBe(1);
    expect(fs.existsSync(lockFile)).toBe(true);
    expect(info).toHaveBeenCalledWith('lead outbox: 1 lead(s) waiting from before the restart');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    received.length = 0;
    startLeadOutbox();
    await vi.advanceTimersByTimeAsync(500);
    expect(await receivedAtLeast(1)).toBe(1);
    expect(first().headers['idempotency-key']).toBe('boot-key-00000000009');
    await getOutbox().tick();
    expect(pendingFiles()).toEqual([]);
  });

  it('sends what waited as soon as WordPress answers again, not at each lead’s next backoff', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let breakerNow = 0;
    const breaker = new CircuitBreaker({ now: () => breakerNow });
    setWordPressForTests(createWordPressClient({ baseUrl, cache: false, breaker }));
    // No spread: a nudged lead is due at once, a kept one after the least backoff.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await keptByOutage('nudge-key-0000000011');
    breaker.trip();
    breakerNow += 60_000;
    // A visitor's lead goes through: WordPress is back.
    await api('contact', contact, { 'Idempotency-Key': 'probe-key-0000000012' });
    received.length = 0;
    operatorLog('info');
    await getOutbox().tick();
    expect(received.map((r) => r.headers['idempotency-key'])).toEqual(['nudge-key-0000000011']);
  });
});
