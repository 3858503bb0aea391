// Sign-in and sign-up rules: the order of the checks and their exact messages, the
// same in the dialog's plain functions and the actions' zod schemas.
import { describe, expect, it } from 'vitest';
import { parseSignIn, parseSignUp } from '~/forms/auth.server';
import { AUTH_MESSAGES, signInError, signUpError, signUpValues } from '~/forms/auth';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

const good = { username: 'buyer', email: 'buyer@example.com', password: 'secret1', confirmPassword: 'secret1' };

describe('sign-up checks, in the spec order', () => {
  it('says the passwords do not match before anything about length', () => {
    // Both too short AND different: the mismatch wins.
    const values = { ...good, password: 'abc', confirmPassword: 'abd' };
    expect(signUpError(values)).toBe('Passwords do not match');
    expect(parseSignUp(form(values))).toEqual({ ok: false, error: 'Passwords do not match' });
  });

  it('then requires at least 6 characters', () => {
    const values = { ...good, password: 'abcde', confirmPassword: 'abcde' };
    expect(signUpError(values)).toBe('Password must be at least 6 characters long');
    expect(parseSignUp(form(values))).toEqual({ ok: false, error: 'Password must be at least 6 characters long' });
  });

  it('accepts exactly 6 characters', () => {
    const values = { ...good, password: 'abcdef', confirmPassword: 'abcdef' };
    expect(signUpError(values)).toBeNull();
    expect(parseSignUp(form(values))).toEqual({ ok: true, data: values });
  });

  it('requires every field first', () => {
    for (const name of ['username', 'email', 'password', 'confirmPassword'] as const) {
      const values = { ...good, [name]: '' };
      expect(signUpError(values)).toBe(AUTH_MESSAGES.signUpRequired);
      expect(parseSignUp(form(values))).toEqual({ ok: false, error: AUTH_MESSAGES.signUpRequired });
    }
    // A missing field (not just empty) is the same.
    expect(parseSignUp(form({ username: 'x' }))).toEqual({ ok: false, error: AUTH_MESSAGES.signUpRequired });
  });

  it('trims the username and e-mail but never the password', () => {
    const values = signUpValues(
      form({ ...good, username: '  buyer ', email: ' buyer@example.com ', password: ' secret1', confirmPassword: ' secret1' }),
    );
    expect(values).toEqual({ username: 'buyer', email: 'buyer@example.com', password: ' secret1', confirmPassword: ' secret1' });
    // "   " as a username is empty after trimming.
    expect(signUpError({ ...good, username: '   '.trim() })).toBe(AUTH_MESSAGES.signUpRequired);
    expect(parseSignUp(form({ ...good, username: '   ' }))).toEqual({ ok: false, error: AUTH_MESSAGES.signUpRequired });
  });
});

describe('sign-in checks', () => {
  it('requires the username-or-email and the password', () => {
    expect(signInError({ username: '', password: 'x' })).toBe(AUTH_MESSAGES.signInRequired);
    expect(signInError({ username: 'x', password: '' })).toBe(AUTH_MESSAGES.signInRequired);
    expect(signInError({ username: 'x', password: 'y' })).toBeNull();
    expect(parseSignIn(form({ username: ' buyer@example.com ', password: 'pw' }))).toEqual({
      ok: true,
      data: { username: 'buyer@example.com', password: 'pw' },
    });
    expect(parseSignIn(form({ password: 'pw' }))).toEqual({ ok: false, error: AUTH_MESSAGES.signInRequired });
  });

  it('has no length rule (an old short password still signs in)', () => {
    expect(signInError({ username: 'x', password: '1' })).toBeNull();
  });
});

describe('messages a buyer reads', () => {
  // The sentences themselves, as the dialog and the actions answer them (the mismatch and length
  // sentences are checked above; "Login failed" and "Registration failed" in auth-actions.test.ts).
  it('asks for the missing sign-in and sign-up fields in words', () => {
    const signIn = 'Please enter your username or email and your password.';
    expect(signInError({ username: '', password: '' })).toBe(signIn);
    expect(parseSignIn(form({ username: ' ', password: '' }))).toEqual({ ok: false, error: signIn });
    const signUp = 'Please fill in your username, email, password and confirm password.';
    expect(signUpError({ ...good, confirmPassword: '' })).toBe(signUp);
    expect(parseSignUp(form({ ...good, email: '' }))).toEqual({ ok: false, error: signUp });
  });
});
