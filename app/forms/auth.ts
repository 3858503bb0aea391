// The sign-in and sign-up rules, shared by the dialogs (checked in the browser before the call), the
// /login and /register actions and the /api/auth routes (checked again on the server by the zod
// schemas of auth.server.ts, which call these very functions). Plain functions on purpose: the
// dialogs ship on every page, and zod would add its whole runtime to the first-load JavaScript.

export const MIN_PASSWORD_LENGTH = 6;

/** WordPress's limits, so a long value is refused here with a clear sentence. */
export const AUTH_LIMITS = { username: 60, login: 254, email: 254, password: 200, signInPassword: 4096 } as const;

export const AUTH_MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  signInRequired: 'Please enter your username or email and your password.',
  signUpRequired: 'Please fill in your username, email, password and confirm password.',
  /** The /api/auth/register body has no confirm-password field. */
  registerRequired: 'Please fill in your username, e-mail address and password.',
  invalidEmail: 'Please enter a valid e-mail address.',
  usernameTooLong: `Username must be at most ${AUTH_LIMITS.username} characters long.`,
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

/** A plain shape check (something@something.tld); WordPress applies its own rule after it. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What both sign-up paths check once every field is present: the password's length counted as typed
 * (never trimmed), the e-mail's shape, then WordPress's limits.
 */
function accountError(values: Omit<SignUpValues, 'confirmPassword'>): string | null {
  if (values.password.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (values.password.length > AUTH_LIMITS.password) return AUTH_MESSAGES.passwordTooLong;
  if (values.email.length > AUTH_LIMITS.email) return AUTH_MESSAGES.emailTooLong;
  if (!EMAIL_PATTERN.test(values.email)) return AUTH_MESSAGES.invalidEmail;
  if (values.username.length > AUTH_LIMITS.username) return AUTH_MESSAGES.usernameTooLong;
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
 * must be at least 6 characters long (as typed), then the e-mail's shape and the length limits. A
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
