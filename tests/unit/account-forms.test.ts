// The account forms without WordPress: the forgot-password page refuses a bad address with the
// sentence under the field and the value kept (400), and when WordPress is down it says so (503,
// Retry-After) and keeps what was typed; the rules answer per field.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordErrors, profileErrors } from '~/forms/account';
import { resetEnvForTests } from '~/lib/server/env.server';

const forgotPassword = vi.fn<(email: string) => Promise<void>>();
vi.mock('~/lib/wordpress/client.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/lib/wordpress/client.server')>();
  return { ...real, getWordPress: () => ({ forgotPassword }) };
});

const { action } = await import('~/routes/forgot-password/page.server');
const { WordPressError } = await import('~/lib/wordpress/client.server');

const forgot = (email: string) =>
  action({
    request: new Request('http://site.test/forgot-password', { method: 'POST', body: new URLSearchParams({ email }) }),
    params: {},
    context: {},
  });

const saved = { ...process.env };
beforeEach(() => {
  process.env.WORDPRESS_URL = 'http://wp.test';
  process.env.SESSION_SECRET = 'unit-test-session-secret-0123456789';
  process.env.NODE_ENV = 'test';
  resetEnvForTests();
  forgotPassword.mockReset();
});
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

describe('forgot-password action', () => {
  it('refuses a bad address under the field, keeps it, and does not call WordPress', async () => {
    const res = await forgot('not-an-address');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      fields: { email: 'Please enter a valid e-mail address.' },
      values: { email: 'not-an-address' },
    });
    expect(forgotPassword).not.toHaveBeenCalled();
  });

  it('redirects to the same "check your mail" page once WordPress took the request', async () => {
    forgotPassword.mockResolvedValue(undefined);
    const res = await forgot('buyer@example.com');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/forgot-password?sent=1');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('says WordPress is unavailable and keeps the address when it is down', async () => {
    forgotPassword.mockRejectedValue(new WordPressError('Bad gateway', 503));
    const res = await forgot('buyer@example.com');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBeTruthy();
    expect(await res.json()).toEqual({
      ok: false,
      form: 'The reset link could not be requested. Please try again in a moment: nothing you typed is lost.',
      values: { email: 'buyer@example.com' },
    });
  });
});

describe('account form rules', () => {
  it('answer each field with its own sentence', () => {
    expect(profileErrors({ displayName: '', email: 'x' })).toEqual({
      displayName: 'Please enter your name.',
      email: 'Please enter a valid e-mail address.',
    });
    expect(passwordErrors({ currentPassword: '', password: 'abc', confirmPassword: 'abd' })).toEqual({
      currentPassword: 'Please enter your current password.',
      password: 'Password must be at least 6 characters long.',
      confirmPassword: 'Passwords do not match.',
    });
    expect(passwordErrors({ currentPassword: 'old-one', password: 'new-pass', confirmPassword: 'new-pass' })).toBeNull();
  });
});
