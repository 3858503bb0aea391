// The site as deployed without a proxy in front (TRUST_PROXY=0, the default): a visitor's own
// X-Forwarded-For is not believed, so WordPress is told the real peer address and a client cannot
// pick a fresh address to dodge the per-visitor limits. The suite's shared site runs with
// TRUST_PROXY=1, so this file starts a second one from the same build.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteStoredMessages, randomIp, storedMessages } from './support/local';
import { startSecondSite } from './support/second-site';
import { SITE } from './support/site';
import { deleteUser, newUser } from './support/wordpress';

let child: ChildProcess | undefined;
let base = '';
const emails: string[] = [];
const users: number[] = [];

beforeAll(async () => {
  ({ base, child } = await startSecondSite({ TRUST_PROXY: '0' }, 'TRUST_PROXY=0'));
});

afterAll(async () => {
  child?.kill('SIGTERM');
  deleteStoredMessages(emails);
  for (const id of users) await deleteUser(id);
});

async function contact(email: string, forwardedFor: string) {
  emails.push(email);
  return fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Forwarded-For': forwardedFor,
      'X-Forwarded-Proto': 'https',
    },
    body: JSON.stringify({ firstName: 'Proxy', lastName: 'Free', email, message: 'Sent past no proxy.' }),
  });
}

describe('TRUST_PROXY=0', () => {
  it('stores the peer address with a message, never the X-Forwarded-For the client wrote', async () => {
    const email = `qa-trust-${Date.now().toString(36)}@example.com`;
    const res = await contact(email, randomIp());
    expect(res.status).toBe(201);
    expect(storedMessages(email)[0]?.meta._message_ip).toBe('127.0.0.1');
  });

  it('a forged X-Forwarded-Proto does not make the session cookie Secure over plain http', async () => {
    const user = await newUser();
    users.push(user.id);
    const signIn = async (site: string) => {
      const res = await fetch(`${site}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': randomIp() },
        body: new URLSearchParams({ username: user.username, password: user.password, redirectTo: '/' }),
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      const session = res.headers.getSetCookie().filter((c) => c.startsWith('__session='));
      expect(session).toHaveLength(1);
      return session[0]!;
    };
    expect(await signIn(base)).not.toMatch(/;\s*Secure/i);
    // The same request to the suite's site, which trusts one proxy, is taken as https.
    expect(await signIn(SITE)).toMatch(/;\s*Secure/i);
  });
});
