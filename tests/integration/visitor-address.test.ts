// The site reaching WordPress from an address WordPress does not trust, as a site in a container
// does: WordPress must still count each visitor apart, by the address the site signs for it.
//
// A second site is started whose calls to WordPress go through a relay that connects from
// 127.0.0.2. WordPress trusts X-Forwarded-For only from 127.0.0.1 and ::1 (and the addresses of
// CAR_EXPORT_TRUSTED_PROXIES, which the local stack does not set), so to it every call through the
// relay comes from one peer that anyone could be. Linux routes all of 127.0.0.0/8 to the loopback
// interface, so this needs no network set-up, no root and nothing to clean up, and the traffic never
// leaves the machine.
import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteStoredMessages, randomIp, storedMessages } from './support/local';
import { CONTACT, contactBody, INQUIRY_SENT, inquiryBody, senderAddresses } from './support/leads';
import { startSecondSite } from './support/second-site';
import { purgeSecret } from './support/site';
import { createCar, deleteCar, unique, WP } from './support/wordpress';

const UNTRUSTED_PEER = '127.0.0.2';
const FLOOD_SENTENCE = 'You have sent several messages in a short time. Please wait a minute and try again.';

const senders = senderAddresses('relayed');
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relayed-site-outbox-'));
let relay: net.Server | undefined;
let relayUrl = '';
let child: ChildProcess | undefined;
let base = '';
let car = 0;

/** A TCP relay to WordPress whose connections to it come from UNTRUSTED_PEER. */
async function startRelay(): Promise<string> {
  const target = new URL(WP);
  relay = net.createServer((visitor) => {
    const upstream = net.connect({ host: target.hostname, port: Number(target.port || 80), localAddress: UNTRUSTED_PEER });
    const end = () => {
      visitor.destroy();
      upstream.destroy();
    };
    visitor.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    visitor.pipe(upstream).pipe(visitor);
  });
  await new Promise<void>((resolve) => relay!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
}

beforeAll(async () => {
  relayUrl = await startRelay();
  car = await createCar({ title: unique('QA relayed inquiry car'), _car_brand: 'Chery', _car_price: 19000 });
  ({ base, child } = await startSecondSite(
    { WORDPRESS_URL: relayUrl, PURGE_SECRET: purgeSecret(), TRUST_PROXY: '1', OUTBOX_DIR: outboxDir },
    'relayed',
  ));
});

afterAll(async () => {
  child?.kill('SIGTERM');
  await new Promise((resolve) => relay?.close(resolve) ?? resolve(undefined));
  deleteStoredMessages(senders.used);
  if (car) await deleteCar(car);
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

async function inquire(visitor: string) {
  const email = senders.next();
  const res = await fetch(`${base}/api/inquiry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Forwarded-For': visitor },
    body: JSON.stringify(inquiryBody(email, car)),
  });
  return { email, status: res.status, body: (await res.json()) as { message?: string } };
}

const storedIp = (email: string) => storedMessages(email)[0]?.meta._message_ip;

describe('a site WordPress does not trust by its network address', () => {
  it('still has each visitor counted apart, and one visitor’s flood refused with the usual sentence', async () => {
    const flooder = randomIp();
    const other = randomIp();
    // The requests go one after another and the checks come after: reading the stored leads takes
    // seconds, long enough for the site to close an idle keep-alive connection the next fetch would reuse.
    const first = [];
    for (let i = 0; i < 5; i++) first.push(await inquire(flooder));
    const fromOther = await inquire(other);
    const sixth = await inquire(flooder);

    expect(first.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    // Past the flooder's limit, another visitor's inquiry is stored at once (not merely kept for later).
    expect([fromOther.status, fromOther.body]).toEqual([201, { success: true, message: INQUIRY_SENT }]);
    expect(storedIp(fromOther.email)).toBe(other);
    expect(first.map((r) => storedIp(r.email))).toEqual(Array(5).fill(flooder));
    expect([sixth.status, sixth.body.message]).toEqual([429, FLOOD_SENTENCE]);
    // Refused, not kept: the visitor reads the sentence beside what they typed, and nothing waits to be sent.
    expect(storedMessages(sixth.email)).toEqual([]);
    const pending = path.join(outboxDir, 'pending');
    expect(fs.existsSync(pending) ? fs.readdirSync(pending) : []).toEqual([]);
  });

  it('is one untrusted peer to WordPress: an unsigned X-Forwarded-For through the relay is ignored', async () => {
    const email = senders.next();
    const res = await fetch(`${relayUrl}/wp-json${CONTACT}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
      body: JSON.stringify(contactBody(email)),
    });
    expect(res.status).toBe(201);
    expect(storedIp(email)).toBe(UNTRUSTED_PEER);
  });
});
