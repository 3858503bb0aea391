// The buyer's account forms (forgot password, reset password, details, change password, delete):
// their fields, the site's sentences and the checks. Each check answers per field, so a form can put
// the sentence under the field it is about; the pages are plain forms the server checks (these run
// again in account.server.ts), and no check runs in the browser beyond the HTML attributes.

import { FIELD_RULES, isEmail, passwordLength } from './field-rules';

export type FieldErrors = Partial<Record<string, string>>;

export const ACCOUNT_LIMITS = {
  name: FIELD_RULES.name.max,
  email: FIELD_RULES.email.max,
  passwordMin: FIELD_RULES.password.min,
  password: FIELD_RULES.password.max,
  signInPassword: FIELD_RULES.password.signInMax,
} as const;

export const ACCOUNT_MESSAGES = {
  emailRequired: 'Please enter your e-mail address.',
  invalidEmail: 'Please enter a valid e-mail address.',
  emailTooLong: `E-mail must be at most ${ACCOUNT_LIMITS.email} characters long.`,
  nameRequired: 'Please enter your name.',
  nameTooLong: `Name must be at most ${ACCOUNT_LIMITS.name} characters long.`,
  newPasswordRequired: 'Please choose a new password.',
  passwordTooShort: `Password must be at least ${ACCOUNT_LIMITS.passwordMin} characters long.`,
  passwordTooLong: `Password must be at most ${ACCOUNT_LIMITS.password} characters long.`,
  confirmRequired: 'Please type the new password again.',
  passwordsDoNotMatch: 'Passwords do not match.',
  currentPasswordRequired: 'Please enter your current password.',
  deletePasswordRequired: 'Please enter your password to delete your account.',
  tooLong: 'Password is too long.',
  resetSent: 'If an account uses this address, we have sent it a link to reset the password. The link works once, within 24 hours.',
  resetLinkInvalid: 'This reset link has expired or has already been used. Please ask for a new one.',
  forgotFailed: 'The reset link could not be requested.',
  resetFailed: 'The password could not be reset.',
  saveFailed: 'Your details could not be saved.',
  passwordFailed: 'Your password could not be changed.',
  deleteFailed: 'Your account could not be deleted.',
  confirmFailed: 'The e-mail address could not be confirmed.',
} as const;

/** Reads a form field as text ("" when missing or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

const only = (errors: FieldErrors): FieldErrors | null => (Object.keys(errors).length ? errors : null);

function emailError(email: string): string | undefined {
  if (!email) return ACCOUNT_MESSAGES.emailRequired;
  if (email.length > ACCOUNT_LIMITS.email) return ACCOUNT_MESSAGES.emailTooLong;
  if (!isEmail(email)) return ACCOUNT_MESSAGES.invalidEmail;
  return undefined;
}

/** A new password and its repetition, measured as WordPress measures them (without surrounding spaces). */
function newPasswordErrors(password: string, confirm: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!password) errors.password = ACCOUNT_MESSAGES.newPasswordRequired;
  else if (passwordLength(password) < ACCOUNT_LIMITS.passwordMin) errors.password = ACCOUNT_MESSAGES.passwordTooShort;
  else if (passwordLength(password) > ACCOUNT_LIMITS.password) errors.password = ACCOUNT_MESSAGES.passwordTooLong;
  if (!confirm) errors.confirmPassword = ACCOUNT_MESSAGES.confirmRequired;
  else if (password && confirm !== password) errors.confirmPassword = ACCOUNT_MESSAGES.passwordsDoNotMatch;
  return errors;
}

/** A password typed to prove who the buyer is: present, and not absurdly long; WordPress decides the rest. */
function currentPasswordError(password: string, missing: string): string | undefined {
  if (!password) return missing;
  if (password.length > ACCOUNT_LIMITS.signInPassword) return ACCOUNT_MESSAGES.tooLong;
  return undefined;
}

export type ForgotValues = { email: string };
export type ResetValues = { password: string; confirmPassword: string };
export type ProfileValues = { displayName: string; email: string };
export type PasswordValues = { currentPassword: string; password: string; confirmPassword: string };
export type DeleteValues = { password: string };

export function forgotErrors(v: ForgotValues): FieldErrors | null {
  const email = emailError(v.email);
  return email ? { email } : null;
}

export function resetErrors(v: ResetValues): FieldErrors | null {
  return only(newPasswordErrors(v.password, v.confirmPassword));
}

export function profileErrors(v: ProfileValues): FieldErrors | null {
  const errors: FieldErrors = {};
  if (!v.displayName) errors.displayName = ACCOUNT_MESSAGES.nameRequired;
  else if (v.displayName.length > ACCOUNT_LIMITS.name) errors.displayName = ACCOUNT_MESSAGES.nameTooLong;
  const email = emailError(v.email);
  if (email) errors.email = email;
  return only(errors);
}

export function passwordErrors(v: PasswordValues): FieldErrors | null {
  const errors = newPasswordErrors(v.password, v.confirmPassword);
  const current = currentPasswordError(v.currentPassword, ACCOUNT_MESSAGES.currentPasswordRequired);
  return only(current ? { currentPassword: current, ...errors } : errors);
}

export function deleteErrors(v: DeleteValues): FieldErrors | null {
  const password = currentPasswordError(v.password, ACCOUNT_MESSAGES.deletePasswordRequired);
  return password ? { password } : null;
}

/**
 * What an account form's action answers when it does not go on: the sentences per field (or one
 * for the whole form, `form`), and the values typed (never a password) to put back.
 */
export type AccountFormResult = {
  ok: false;
  form?: string;
  fields?: FieldErrors;
  values?: Record<string, string>;
  /** Which form of a page with several (the account page) this answer is about. */
  intent?: string;
};
