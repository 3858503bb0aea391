// The sign-in and sign-up rules, shared by the dialogs (checked in the browser before the call), the
// /login and /register actions and the /api/auth routes (checked again on the server by the zod
// schemas of auth.server.ts, which call these very functions). Plain functions on purpose: the
// dialogs ship on every page, and zod would add its whole runtime to the first-load JavaScript.

import { FIELD_RULES, isEmail, isUsername, passwordLength } from './field-rules';

export const MIN_PASSWORD_LENGTH = FIELD_RULES.password.min;

/** The query parameter that has /login say the session ended (AUTH_MESSAGES.sessionEnded). */
export const SESSION_ENDED_PARAM = 'signedOut';

/** WordPress's limits (the rules both tiers read), so a long value is refused here with a clear sentence. */
export const AUTH_LIMITS = {
  usernameMin: FIELD_RULES.username.min,
  username: FIELD_RULES.username.max,
  login: FIELD_RULES.login.max,
  email: FIELD_RULES.email.max,
  password: FIELD_RULES.password.max,
  signInPassword: FIELD_RULES.password.signInMax,
} as const;

export const AUTH_MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  signInRequired: 'Please enter your username or email and your password.',
  /** /login after a page found the session over (a password change elsewhere revoked its token). */
  sessionEnded: 'You were signed out. Please sign in again.',
  signUpRequired: 'Please fill in your username, email, password and confirm password.',
  /** The /api/auth/register body has no confirm-password field. */
  registerRequired: 'Please fill in your username, e-mail address and password.',
  invalidEmail: 'Please enter a valid e-mail address.',
  usernameTooLong: `Username must be at most ${AUTH_LIMITS.username} characters long.`,
  usernameTooShort: `Username must be at least ${AUTH_LIMITS.usernameMin} characters long.`,
  usernameCharacters: 'Username may contain only letters, numbers, spaces and the characters _ . - @',
  loginTooLong: `Username must be at most ${AUTH_LIMITS.login} characters long.`,
  emailTooLong: `E-mail must be at most ${AUTH_LIMITS.email} characters long.`,
  passwordTooLong: `Password must be at most ${AUTH_LIMITS.password} characters long.`,
  signInPasswordTooLong: 'Password is too long.',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
} as const;

export type SignInValues = { username: string; password: string };
export type SignUpValues = { username: string; email: string; password: string; confirmPassword: string };

/** Reads a form field as text ("" when missing or a file). */
export function fieldText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export function signInValues(form: FormData): SignInValues {
  return { username: fieldText(form, 'username').trim(), password: fieldText(form, 'password') };
}

export function signUpValues(form: FormData): SignUpValues {
  return {
    username: fieldText(form, 'username').trim(),
    email: fieldText(form, 'email').trim(),
    password: fieldText(form, 'password'),
    confirmPassword: fieldText(form, 'confirmPassword'),
  };
}

/** The first sign-in problem, or null. Both fields are required (the browser checks this first). */
export function signInError(values: SignInValues): string | null {
  if (!values.username || !values.password) return AUTH_MESSAGES.signInRequired;
  if (values.username.length > AUTH_LIMITS.login) return AUTH_MESSAGES.loginTooLong;
  // Passwords go to WordPress exactly as typed; it decides what matches.
  if (values.password.length > AUTH_LIMITS.signInPassword) return AUTH_MESSAGES.signInPasswordTooLong;
  return null;
}

/**
 * What both sign-up paths check once every field is present, by the rules WordPress applies too: the
 * password's length without surrounding spaces (WordPress trims passwords at sign-in; the password is
 * still sent as typed), the e-mail (WordPress's own rule), then the user name's length and characters.
 */
function accountError(values: Omit<SignUpValues, 'confirmPassword'>): string | null {
  if (passwordLength(values.password) < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (passwordLength(values.password) > AUTH_LIMITS.password) return AUTH_MESSAGES.passwordTooLong;
  if (values.email.length > AUTH_LIMITS.email) return AUTH_MESSAGES.emailTooLong;
  if (!isEmail(values.email)) return AUTH_MESSAGES.invalidEmail;
  if (values.username.length > AUTH_LIMITS.username) return AUTH_MESSAGES.usernameTooLong;
  if (values.username.length < AUTH_LIMITS.usernameMin) return AUTH_MESSAGES.usernameTooShort;
  if (!isUsername(values.username)) return AUTH_MESSAGES.usernameCharacters;
  return null;
}

/** The first problem of an /api/auth/register body (no confirm-password), or null. */
export function registerError(values: Omit<SignUpValues, 'confirmPassword'>): string | null {
  if (!values.username || !values.email || !values.password) return AUTH_MESSAGES.registerRequired;
  return accountError(values);
}

/**
 * The first sign-up problem, or null, in this order: every field present (the browser's
 * `required` check runs before this in a real form), then the passwords must match, then the password
 * must be at least 6 characters long (without surrounding spaces), then the e-mail's shape and the length limits. A
 * mismatch is reported even when both passwords are short.
 */
export function signUpError(values: SignUpValues): string | null {
  if (!values.username || !values.email || !values.password || !values.confirmPassword) {
    return AUTH_MESSAGES.signUpRequired;
  }
  if (values.password !== values.confirmPassword) return AUTH_MESSAGES.passwordsDoNotMatch;
  return accountError(values);
}

/** What the /login and /register actions answer a dialog (`_dialog=1`) or a failed page post. */
export type AuthActionResult = { ok: true } | { ok: false; error: string; values?: { username?: string; email?: string } };
