// Sessions: the token's expiry read from its payload, WordPress's verdict cached per token, a dead
// session cleared with a Set-Cookie, the Secure flag per request, and the session user mapping.
import jwt from 'jsonwebtoken';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUnitEnv } from './support/unit-env';
import { resetEnvForTests } from '~/lib/server/env.server';

const validateToken = vi.fn<(token: string) => Promise<boolean>>();
vi.mock('~/lib/wordpress/client.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/lib/wordpress/client.server')>();
  return { ...real, getWordPress: () => ({ validateToken }) };
});

const session = await import('~/lib/auth/session.server');

/** A token shaped like the plugin's (signed with a throwaway key: the site never checks signatures). */
const token = (userId: number, expiresInSec: number) =>
  jwt.sign({ iss: 'http://wp.test', data: { user: { id: userId, gen: 1 } }, exp: Math.floor(Date.now() / 1000) + expiresInSec }, 'k');

const user = { id: 5, username: 'buyer', email: 'b@example.com', displayName: 'Buyer' };

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

async function signedInRequest(tok: string, url = 'http://site.test/') {
  const setCookie = await session.commitUserSession(new Request(url), { token: tok, user });
  // The cache of verdicts was primed by the commit; forget it so the test sees WordPress asked.
  session.forgetToken(tok);
  return new Request(url, { headers: { Cookie: cookieOf(setCookie) } });
}

useUnitEnv({ unset: ['COOKIE_SECURE', 'TRUST_PROXY'] });
beforeEach(() => {
  validateToken.mockReset();
});

describe('token payload', () => {
  it('reads the account id and expiry without the secret', () => {
    const t = token(42, 3600);
    expect(session.tokenUserId(t)).toBe(42);
    expect(session.tokenExpiresAt(t)).toBeGreaterThan(Date.now());
    expect(session.isTokenExpired(t)).toBe(false);
    expect(session.isTokenExpired(token(42, -10))).toBe(true);
  });

  it('treats garbage and tokens without exp as expired', () => {
    expect(session.isTokenExpired('not-a-token')).toBe(true);
    expect(session.isTokenExpired(jwt.sign({ data: {} }, 'k'))).toBe(true);
    expect(session.tokenUserId('nope')).toBeNull();
  });

  it('maps the login response with the id from the token', () => {
    const t = token(42, 3600);
    expect(
      session.sessionUserFromLogin({ token: t, user_nicename: 'buyer', user_email: 'b@example.com', user_display_name: 'The Buyer' }),
    ).toEqual({
      id: 42,
      username: 'buyer',
      email: 'b@example.com',
      displayName: 'The Buyer',
    });
  });
});

describe('the session cookie', () => {
  it('is httpOnly, SameSite=Lax, path /, lives as long as the token, not Secure on http', async () => {
    const t = token(5, 3600);
    const c = await session.commitUserSession(new Request('http://site.test/'), { token: t, user });
    expect(c).toMatch(/^__session=/);
    expect(c).toMatch(/HttpOnly/i);
    expect(c).toMatch(/SameSite=Lax/i);
    expect(c).toMatch(/Path=\//);
    expect(c).not.toMatch(/Secure/i);
    const expires = /Expires=([^;]+)/.exec(c)?.[1];
    expect(Math.abs(new Date(expires!).getTime() - session.tokenExpiresAt(t)!)).toBeLessThan(1500);
    expect(c).not.toContain(t); // signed and encoded, not the raw token in plain sight
  });

  it('is Secure in production over https, directly or behind a trusted proxy', () => {
    process.env.NODE_ENV = 'production';
    resetEnvForTests();
    expect(session.isSecureRequest(new Request('https://site.test/'))).toBe(true);
    expect(session.isSecureRequest(new Request('http://site.test/'))).toBe(false);
    expect(session.isSecureRequest(new Request('http://site.test/', { headers: { 'X-Forwarded-Proto': 'https' } }))).toBe(false);
    process.env.TRUST_PROXY = '1';
    resetEnvForTests();
    expect(session.isSecureRequest(new Request('http://site.test/', { headers: { 'X-Forwarded-Proto': 'https' } }))).toBe(true);
  });

  it('follows COOKIE_SECURE when set', () => {
    process.env.COOKIE_SECURE = '1';
    resetEnvForTests();
    expect(session.isSecureRequest(new Request('http://site.test/'))).toBe(true);
    process.env.NODE_ENV = 'production';
    process.env.COOKIE_SECURE = 'false';
    resetEnvForTests();
    expect(session.isSecureRequest(new Request('https://site.test/'))).toBe(false);
  });
});

describe('reading the session', () => {
  it('is signed out without a cookie', async () => {
    expect(await session.readSession(new Request('http://site.test/'))).toEqual({ auth: null, setCookie: null, ended: false });
    expect(validateToken).not.toHaveBeenCalled();
  });

  it('restores the user when WordPress accepts the token, and asks once per token for a while', async () => {
    validateToken.mockResolvedValue(true);
    const t = token(5, 3600);
    const req = await signedInRequest(t);
    expect(await session.getSessionUser(req)).toEqual({ user, token: t });
    // Another request with the same cookie: the cached verdict answers.
    const again = new Request('http://site.test/other', { headers: { Cookie: req.headers.get('Cookie')! } });
    expect((await session.readSession(again)).auth?.user).toEqual(user);
    expect(validateToken).toHaveBeenCalledTimes(1);
  });

  it('ends the session when WordPress rejects the token', async () => {
    validateToken.mockResolvedValue(false);
    const req = await signedInRequest(token(5, 3600));
    const state = await session.readSession(req);
    expect(state.auth).toBeNull();
    // A visitor who was signed in until now: the pages for signed-in visitors say the session ended.
    expect(state.ended).toBe(true);
    expect(state.setCookie).toMatch(/^__session=;/);
    expect(state.setCookie).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('ends an expired session without asking WordPress', async () => {
    const req = await signedInRequest(token(5, -60));
    const state = await session.readSession(req);
    expect(state.auth).toBeNull();
    expect(state.setCookie).toBeTruthy();
    expect(validateToken).not.toHaveBeenCalled();
  });

  it('keeps the session when WordPress cannot be reached (and asks again next time)', async () => {
    const { WordPressError } = await import('~/lib/wordpress/client.server');
    validateToken.mockRejectedValue(new WordPressError('Network error', 0));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = token(5, 3600);
    const req = await signedInRequest(t);
    expect((await session.readSession(req)).auth?.token).toBe(t);
    const again = new Request('http://site.test/', { headers: { Cookie: req.headers.get('Cookie')! } });
    await session.readSession(again);
    expect(validateToken).toHaveBeenCalledTimes(2);
  });

  it('ignores a cookie signed with another secret', async () => {
    const req = await signedInRequest(token(5, 3600));
    process.env.SESSION_SECRET = 'another-secret-another-secret-xx';
    resetEnvForTests();
    vi.resetModules();
    const fresh = await import('~/lib/auth/session.server');
    const state = await fresh.readSession(new Request('http://site.test/', { headers: { Cookie: req.headers.get('Cookie')! } }));
    expect(state.auth).toBeNull();
    // The unreadable cookie is cleared.
    expect(state.setCookie).toMatch(/^__session=;/);
  });
});

describe('a session WordPress ended', () => {
  it('is a token WordPress refused, not a WordPress failure', async () => {
    const { WordPressError } = await import('~/lib/wordpress/client.server');
    // A password changed on another device revokes this device's token: WordPress answers 403 with its token code.
    expect(
      session.isSessionEnded(new WordPressError('The token has been revoked. Please sign in again.', 403, 'jwt_auth_invalid_token')),
    ).toBe(true);
    expect(session.isSessionEnded(new WordPressError('You are not signed in.', 401, 'rest_not_logged_in'))).toBe(true);
    // Other refusals and failures are not the visitor signed out.
    expect(session.isSessionEnded(new WordPressError('Staff accounts are managed in WordPress.', 403, 'car_export_staff_account'))).toBe(
      false,
    );
    expect(session.isSessionEnded(new WordPressError('HTTP error! status: 403', 403))).toBe(false);
    expect(session.isSessionEnded(new WordPressError('Unexpected response from WordPress.', 502))).toBe(false);
    expect(session.isSessionEnded(new WordPressError('Network error: WordPress could not be reached.', 0))).toBe(false);
    expect(session.isSessionEnded(new Error('jwt_auth_invalid_token'))).toBe(false);
  });

  it('sends the visitor to sign in and back, clears the cookie, and counts the token as refused', async () => {
    validateToken.mockResolvedValue(true);
    const req = await signedInRequest(token(5, 3600), 'http://site.test/account?done=saved');
    expect((await session.readSession(req)).auth).not.toBeNull();

    const res = await session.endSessionAndSignIn(req, { 'Cache-Control': 'private, no-store' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('Location')!, 'http://site.test');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('redirectTo')).toBe('/account?done=saved');
    expect(location.searchParams.get('signedOut')).toBe('1');
    expect(res.headers.get('Set-Cookie')).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');

    // Another request still carrying the cookie (a second tab) is signed out without asking WordPress again.
    const again = new Request('http://site.test/', { headers: { Cookie: req.headers.get('Cookie')! } });
    expect((await session.readSession(again)).auth).toBeNull();
    expect(validateToken).toHaveBeenCalledTimes(1);
  });
});

describe('signing in and out', () => {
  it('redirects to a same-site path only', async () => {
    const r = await session.createUserSession(new Request('http://site.test/login'), {
      token: token(5, 3600),
      user,
      redirectTo: 'https://evil.example/',
    });
    expect(r.status).toBe(302);
    expect(r.headers.get('Location')).toBe('/');
    expect(r.headers.get('Set-Cookie')).toMatch(/^__session=/);
    const back = await session.createUserSession(new Request('http://site.test/login'), {
      token: token(5, 3600),
      user,
      redirectTo: '/favorites',
    });
    expect(back.headers.get('Location')).toBe('/favorites');
  });

  it('logout clears the cookie', async () => {
    const req = await signedInRequest(token(5, 3600));
    const r = await session.logout(req, '/explore-cars');
    expect(r.headers.get('Location')).toBe('/explore-cars');
    expect(r.headers.get('Set-Cookie')).toMatch(/^__session=;/);
  });
});

describe('hasSessionCookie', () => {
  it('is true only for our cookie by its exact name, wherever it stands in the header', () => {
    const { hasSessionCookie } = session;
    const withCookie = (cookie?: string) => new Request('http://site.test/', cookie === undefined ? {} : { headers: { Cookie: cookie } });
    expect(hasSessionCookie(withCookie('__session=abc'))).toBe(true);
    expect(hasSessionCookie(withCookie('_fbp=fb.1; __session=abc'))).toBe(true);
    expect(hasSessionCookie(withCookie('_fbp=fb.1; x__session=abc'))).toBe(false);
    expect(hasSessionCookie(withCookie('_fbp=fb.1'))).toBe(false);
    expect(hasSessionCookie(withCookie())).toBe(false);
  });
});
