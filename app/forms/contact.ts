// The contact form's rules, shared by the browser and the /contact-us action.
//
// Two faces on purpose: `contactProblem` here is a plain function for the browser, and
// `parseContact` in contact.server.ts is the zod schema the server trusts; both give the same
// sentence for a missing required field. zod stays in the .server module because esbuild keeps an
// imported package in the page bundle even when only server code uses it (about 14 KB gzip).

import { FIELD_RULES, isEmail, isPhone } from './field-rules';

export const CONTACT_MESSAGES = {
  missing: 'Please fill in all required fields (First Name, Last Name, and Email).',
  success: 'Your message has been sent successfully!',
  failed: 'Failed to send your message. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  invalidEmail: 'Please enter a valid e-mail address.',
  invalidPhone: 'Please enter a valid phone number.',
} as const;

/** WordPress's limits (ContactController), so a long text is refused here with a clear sentence. */
export const CONTACT_LIMITS = {
  name: FIELD_RULES.name.max,
  email: FIELD_RULES.email.max,
  phone: FIELD_RULES.phone.max,
  message: FIELD_RULES.message.max,
} as const;

export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** What the visitor typed, as text (kept and shown again when sending fails). */
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactValues = { firstName: '', lastName: '', email: '', phoneNumber: '', message: '' };

/** What the action answers the page: the green or red message, and the values to keep. */
export type ContactActionResult =
  | { ok: true; message: string }
  /** `networkError`: the post never reached the site (offline, connection dropped). */
  /** `fields`: the fields the error is about, marked invalid (and the first focused) on the page. */
  | { ok: false; error: string; values: ContactValues; fields?: ContactField[]; networkError?: true };

export function contactValues(form: FormData): ContactValues {
  // Stryker disable next-line ObjectLiteral: the loop sets every field the copy starts with, in the same order
  const out = { ...EMPTY_CONTACT };
  for (const name of CONTACT_FIELDS) {
    const value = form.get(name);
    out[name] = typeof value === 'string' ? value : '';
  }
  return out;
}

const REQUIRED_FIELDS: readonly ContactField[] = ['firstName', 'lastName', 'email'];

/** What is wrong with a submission: the sentence to show and the fields it is about, in form order. */
export type ContactIssue = { error: string; fields: ContactField[] };

/**
 * The form's rules, the same in the browser (which shows them instead of its own tooltips) and on the
 * server: the three required fields present (whitespace counts as empty), with "Please fill in all required fields (First
 * Name, Last Name, and Email)."; then the e-mail and a phone number when one is given (the rules
 * WordPress applies too).
 */
export function contactIssue(values: ContactValues): ContactIssue | null {
  const missing = REQUIRED_FIELDS.filter((name) => !values[name].trim());
  if (missing.length > 0) return { error: CONTACT_MESSAGES.missing, fields: missing };
  if (!isEmail(values.email)) return { error: CONTACT_MESSAGES.invalidEmail, fields: ['email'] };
  if (values.phoneNumber.trim() && !isPhone(values.phoneNumber)) return { error: CONTACT_MESSAGES.invalidPhone, fields: ['phoneNumber'] };
  return null;
}

export function contactProblem(values: ContactValues): string | null {
  return contactIssue(values)?.error ?? null;
}
