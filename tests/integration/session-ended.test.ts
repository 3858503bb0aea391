// A buyer signed in on two devices changes the password on one: WordPress revokes the other's token,
// and that device is signed out (its session cookie cleared) and asked to sign in again with a
// sentence saying why, then comes back to the page it asked for. Never "ERROR 502" on /account or
// "Failed to load favorites" beside a header that still shows the buyer signed in: with JavaScript
// off (whole pages) and on (Remix's data requests).
import { afterAll, describe, expect, it } from 'vitest';
import { SITE } from './support/site';
import { suiteUsers, type TestUser } from './support/wordpress';

const users = suiteUsers();
afterAll(() => users.removeAll());

const SIGNED_OUT = 'You were signed out. Please sign in again.';

/** A form posted to a site page as a browser without JavaScript posts it (no redirect followed). */
const postPage = (path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(`${SITE}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: 'manual',
  });

const get = (path: string, cookie: string) => fetch(`${SITE}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });

/** One device's session: the cookie the sign-in page set. */
async function signIn(user: TestUser, password = user.password): Promise<string> {
  const res = await postPage('/login', { username: user.username, password, redirectTo: '/account' });
  expect(res.status).toBe(302);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  expect(cookie).toMatch(/^__session=./);
  return cookie;
}

/** Changes the password on the device of `cookie`; returns that device's new cookie (a new token). */
async function changePassword(user: TestUser, cookie: string, password: string): Promise<string> {
  const res = await postPage(
    '/account',
    { intent: 'password', currentPassword: user.password, password, confirmPassword: password },
    cookie,
  );
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/account?done=password');
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** The answer sends the device to sign in, back to `path` afterwards, and clears its cookie. */
function expectSentToSignIn(location: string | null, setCookie: string | null, path: string) {
  const to = new URL(location ?? '', SITE);
  expect(to.pathname).toBe('/login');
  expect(to.searchParams.get('redirectTo')).toBe(path);
  expect(to.searchParams.get('signedOut')).toBe('1');
  expect(setCookie).toMatch(/^__session=;/);
  expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/);
}

describe('a device signed out by a password change elsewhere', () => {
  it('without JavaScript: /account and /favorites send it to sign in with the sentence, and it comes back after signing in', async () => {
    const buyer = await users.create();
    const phone = await signIn(buyer);
    const laptop = await signIn(buyer);
    // Both devices are signed in and the laptop's pages load.
    expect((await get('/account', laptop)).status).toBe(200);
    expect((await get('/favorites', laptop)).status).toBe(200);

    const password = `new-${buyer.password}`;
    const phoneNow = await changePassword(buyer, phone, password);

    const account = await get('/account', laptop);
    expect(account.status).toBe(302);
    expectSentToSignIn(account.headers.get('location'), account.headers.get('set-cookie'), '/account');

    const favorites = await get('/favorites', laptop);
    expect(favorites.status).toBe(302);
    expectSentToSignIn(favorites.headers.get('location'), favorites.headers.get('set-cookie'), '/favorites');

    // The sign-in page (the cookie is gone) says why, and shows nobody signed in.
    const login = await fetch(`${SITE}${account.headers.get('location')}`, { redirect: 'manual' });
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toContain(SIGNED_OUT);
    expect(html).not.toContain(buyer.username);

    // Signing in again (with the new password) leads back to the page asked for.
    const again = await postPage('/login', { username: buyer.username, password, redirectTo: '/account' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/account');
    // The phone that changed the password stays signed in.
    expect((await get('/account', phoneNow)).status).toBe(200);
  });

  it('with JavaScript: the data requests of /favorites and /account redirect to sign in, never a 502', async () => {
    const buyer = await users.create();
    const phone = await signIn(buyer);
    const tablet = await signIn(buyer);
    await changePassword(buyer, phone, `new-${buyer.password}`);

    for (const [path, route] of [
      ['/favorites', 'routes/favorites'],
      ['/account', 'routes/account._index'],
    ] as const) {
      const res = await get(`${path}?_data=${encodeURIComponent(route)}`, tablet);
      // Remix answers a loader's redirect to a data request with 204 and where to go.
      expect(res.status, path).toBe(204);
      expectSentToSignIn(res.headers.get('x-remix-redirect'), res.headers.get('set-cookie'), path);
    }
  });
});
