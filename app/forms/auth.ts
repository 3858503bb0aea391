// The sign-in and sign-up rules, shared by the dialogs (checked in the browser before
// the call) and the /login and /register actions (checked again on the server, see
// auth-schemas.server.ts). Plain functions on purpose: the dialogs ship on every page, and zod would
// add its whole runtime to the first-load JavaScript.

export const MIN_PASSWORD_LENGTH = 6;

export const AUTH_MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  signInRequired: 'Please enter your username or email and your password.',
  signUpRequired: 'Please fill in your username, email, password and confirm password.',
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
  return null;
}

/**
 * The first sign-up problem, or null, in the spec's order: every field present (the browser's
 * `required` check runs before this in a real form), then the passwords must match, then the password
 * must be at least 6 characters long. A mismatch is reported even when both passwords are short.
 * The e-mail's format is the browser's type="email" check and WordPress's; it is not repeated here.
 */
export function signUpError(values: SignUpValues): string | null {
  if (!values.username || !values.email || !values.password || !values.confirmPassword) {
    return AUTH_MESSAGES.signUpRequired;
  }
  if (values.password !== values.confirmPassword) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (values.password.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return null;
}

/** What the /login and /register actions answer a dialog (`_dialog=1`) or a failed page post. */
export type AuthActionResult =
  | { ok: true }
  | { ok: false; error: string; values?: { username?: string; email?: string } };
