// The render guard of a site too busy to render in time: a second site from the suite's build with a
// guard of one render and no queue, so a handful of simultaneous visitors overloads it. What cannot
// be rendered at once is refused at once with 503 and Retry-After, except that a signed-out visitor
// gets the page's last good copy; a signed-in visitor never gets a copy rendered for anybody else.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondSite } from './support/second-site';
import { site } from './support/site';
import { deleteUser, newUser, randomIp } from './support/wordpress';

let child: ChildProcess | undefined;
let base = '';
const users: number[] = [];

beforeAll(async () => {
  // One process with room for one render and none waiting: a handful of visitors is a crowd.
  ({ base, child } = await startSecondSite(
    { TRUST_PROXY: '1', WEB_CONCURRENCY: '1', RENDER_LIMIT: '1', RENDER_QUEUE_MAX: '0' },
    'overload test',
  ));
});

afterAll(async () => {
  child?.kill('SIGTERM');
  for (const id of users) await deleteUser(id);
});

async function carPath(): Promise<string> {
  const res = await site('/api/search/cars?limit=1');
  expect(res.status).toBe(200);
  return `/car/${res.body.cars[0].id}`;
}

/** `count` visitors asking for `pathname` at the same moment. */
async function crowd(pathname: string, headers: Record<string, string>, count = 12) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const res = await fetch(`${base}${pathname}`, { headers: { Accept: 'text/html', 'X-Forwarded-For': randomIp(), ...headers } });
      return { status: res.status, headers: res.headers, html: await res.text() };
    }),
  );
}

describe('the render guard', () => {
  it('refuses a signed-in visitor it cannot render for at once with 503 and Retry-After, never with a kept copy', async () => {
    const page = await carPath();
    // An anonymous visit leaves a kept copy of the page, which must not reach a signed-in visitor.
    expect((await fetch(`${base}${page}`)).status).toBe(200);
    const user = await newUser();
    users.push(user.id);
    const signIn = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': randomIp() },
      body: new URLSearchParams({ username: user.username, password: user.password, redirectTo: '/' }),
      redirect: 'manual',
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('__session='))!
      .split(';')[0]!;

    const answers = await crowd(page, { Cookie: cookie });
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    for (const a of refused) {
      expect(a.headers.get('retry-after')).toBe('5');
      expect(a.headers.get('cache-control')).toBe('no-store');
      expect(a.html).toContain('The site is busy right now');
    }
    for (const a of answers.filter((x) => x.status === 200)) {
      expect(a.headers.get('x-page-cache')).toBeNull();
      // Rendered for this visitor: their own account menu, not the anonymous copy's.
      expect(a.html).toContain(user.username);
    }
  });

  it('gives a signed-out visitor it cannot render for the last good copy of the page', async () => {
    const page = await carPath();
    const kept = await fetch(`${base}${page}`);
    expect(kept.status).toBe(200);
    const keptHtml = await kept.text();
    // A session cookie that holds no account: the page cache does not answer it, the guard may.
    const answers = await crowd(page, { Cookie: '__session=not-a-real-session' });
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const copies = answers.filter((a) => a.headers.get('x-page-cache') === 'STALE');
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      expect(copy.headers.get('cache-control')).toBe('no-store');
      expect(copy.html).toContain('Send an Inquiry for this Car');
      expect(copy.html.length).toBeGreaterThan(keptHtml.length / 2);
    }
  });
});
