// The /login and /register actions: dialog posts get JSON + the session cookie, page posts a redirect
// back (same-site only); WordPress's message is shown verbatim, otherwise the page's own fallback (Login failed, Registration failed); the
// checks run before WordPress is called. And where the pages send the visitor afterwards.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '~/lib/server/env.server';
import type { LoginResponse, RegisterResponse } from '~/lib/wordpress/types';

const login = vi.fn<(u: string, p: string) => Promise<LoginResponse>>();
const register = vi.fn<(i: { username: string; email: string; password: string }) => Promise<RegisterResponse>>();
vi.mock('~/lib/wordpress/client.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/lib/wordpress/client.server')>();
  return { ...real, getWordPress: () => ({ login, register }) };
});

const { signInAction, signUpAction, returnTo, authErrorMessage } = await import('~/lib/auth/auth-actions.server');
const { WordPressError } = await import('~/lib/wordpress/client.server');

const TOKEN =
  'header.' +
  Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, data: { user: { id: 7 } } })).toString('base64url') +
  '.sig';

function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(url, { method: 'POST', body: new URLSearchParams(fields), headers });
}

const saved = { ...process.env };
beforeEach(() => {
  process.env.WORDPRESS_URL = 'http://wp.test';
  process.env.SESSION_SECRET = 'unit-test-session-secret-0123456789';
  process.env.NODE_ENV = 'test';
  resetEnvForTests();
  login.mockReset();
  register.mockReset();
});
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

describe('sign-in action', () => {
  const ok: LoginResponse = { token: TOKEN, user_nicename: 'buyer', user_email: 'b@example.com', user_display_name: 'Buyer B' };

  it('answers a dialog with {ok:true} and the session cookie', async () => {
    login.mockResolvedValue(ok);
    const res = await signInAction(post('http://site.test/login', { username: 'buyer', password: 'pw', _dialog: '1' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('Set-Cookie')).toMatch(/^__session=.+HttpOnly/i);
    expect(login).toHaveBeenCalledWith('buyer', 'pw', expect.anything());
  });

  it('redirects a page post back to a same-site path, never elsewhere', async () => {
    login.mockResolvedValue(ok);
    const res = await signInAction(
      post('http://site.test/login', { username: 'buyer', password: 'pw', redirectTo: '/car/12?from=%2Fexplore-cars' }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/car/12?from=%2Fexplore-cars');
    expect(res.headers.get('Set-Cookie')).toMatch(/^__session=/);

    const evil = await signInAction(post('http://site.test/login', { username: 'buyer', password: 'pw', redirectTo: '//evil.example/x' }));
    expect(evil.headers.get('Location')).toBe('/');
  });

  it("shows WordPress's message verbatim", async () => {
    login.mockRejectedValue(new WordPressError('The username or password you entered is incorrect.', 403));
    const res = await signInAction(post('http://site.test/login', { username: 'buyer', password: 'bad', _dialog: '1' }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      ok: false,
      error: 'The username or password you entered is incorrect.',
      values: { username: 'buyer' },
    });
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });

  it('falls back to "Login failed" without a message, on network failure or a 5xx', async () => {
    for (const err of [
      new WordPressError('HTTP error! status: 403', 403),
      new WordPressError('fetch failed', 0),
      new WordPressError('Bad gateway', 502),
    ]) {
      login.mockRejectedValueOnce(err);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const res = await signInAction(post('http://site.test/login', { username: 'buyer', password: 'pw', _dialog: '1' }));
      expect(((await res.json()) as { error: string }).error).toBe('Login failed');
    }
  });

  it('checks the fields before calling WordPress', async () => {
    const res = await signInAction(post('http://site.test/login', { username: 'buyer', password: '' }));
    expect(res.status).toBe(400);
    expect(login).not.toHaveBeenCalled();
  });
});

describe('sign-up action', () => {
  const fields = { username: 'newbie', email: 'n@example.com', password: 'secret1', confirmPassword: 'secret1' };

  it('registers and signs in', async () => {
    register.mockResolvedValue({ token: TOKEN, user_id: 9, username: 'newbie', email: 'n@example.com' });
    const res = await signUpAction(post('http://site.test/register', { ...fields, _dialog: '1' }));
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('Set-Cookie')).toMatch(/^__session=/);
    expect(register).toHaveBeenCalledWith({ username: 'newbie', email: 'n@example.com', password: 'secret1' }, expect.anything());
  });

  it('stops at "Passwords do not match", then at the length, without calling WordPress', async () => {
    let res = await signUpAction(post('http://site.test/register', { ...fields, password: 'abc', confirmPassword: 'xyz', _dialog: '1' }));
    expect(((await res.json()) as { error: string }).error).toBe('Passwords do not match');
    res = await signUpAction(post('http://site.test/register', { ...fields, password: 'abc', confirmPassword: 'abc', _dialog: '1' }));
    expect(((await res.json()) as { error: string }).error).toBe('Password must be at least 6 characters long');
    expect(register).not.toHaveBeenCalled();
  });

  it('shows WordPress\'s message, else "Registration failed"', async () => {
    register.mockRejectedValueOnce(new WordPressError('This username is already taken. Please choose another one.', 400));
    let res = await signUpAction(post('http://site.test/register', { ...fields, _dialog: '1' }));
    expect(await res.json()).toMatchObject({ ok: false, error: 'This username is already taken. Please choose another one.' });
    register.mockRejectedValueOnce(new WordPressError('HTTP error! status: 500', 500));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    res = await signUpAction(post('http://site.test/register', { ...fields, _dialog: '1' }));
    expect(await res.json()).toMatchObject({ ok: false, error: 'Registration failed' });
  });
});

describe('returnTo (where /login and /register send the visitor)', () => {
  const get = (url: string, referer?: string) => new Request(url, { headers: referer ? { Referer: referer } : {} });

  it('prefers ?redirectTo= when it is same-site', () => {
    expect(returnTo(get('http://site.test/login?redirectTo=%2Ffavorites'))).toBe('/favorites');
    expect(returnTo(get('http://site.test/login?redirectTo=https%3A%2F%2Fevil.example', 'http://site.test/about-us'))).toBe('/about-us');
  });

  it('else the same-site Referer, else home', () => {
    expect(returnTo(get('http://site.test/login', 'http://site.test/explore-cars?brand=BYD'))).toBe('/explore-cars?brand=BYD');
    expect(returnTo(get('http://site.test/login', 'https://other.example/page'))).toBe('/');
    expect(returnTo(get('http://site.test/login'))).toBe('/');
  });

  it('never back to a sign-in page', () => {
    expect(returnTo(get('http://site.test/login', 'http://site.test/register?redirectTo=%2Fx'))).toBe('/');
    expect(returnTo(get('http://site.test/register?redirectTo=%2Flogin'))).toBe('/');
  });
});

describe('authErrorMessage', () => {
  it('passes 4xx messages, hides everything else', () => {
    expect(
      authErrorMessage(new WordPressError('Too many failed sign-in attempts. Please wait 15 minutes and try again.', 429), 'Login failed'),
    ).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    expect(authErrorMessage(new Error('boom'), 'Login failed')).toBe('Login failed');
  });
});
