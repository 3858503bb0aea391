// The contact form's rules (spec sections 5 and 8), shared by the browser and the /contact-us action.
//
// Two faces on purpose: `contactProblem` is a plain function for the browser (the contact page must
// not ship zod's runtime to every visitor), `parseContact` is the zod schema the server trusts. Both
// give the spec's sentence for a missing required field. The schema is built inside a function so a
// client bundle that only imports the plain helpers tree-shakes zod away.
import { z } from 'zod';
import type { ContactMessage } from './wordpress/types';

export const CONTACT_MESSAGES = {
  missing: 'Please fill in all required fields (First Name, Last Name, and Email).',
  success: 'Your message has been sent successfully!',
  failed: 'Failed to send your message. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  invalidEmail: 'Please enter a valid e-mail address.',
} as const;

/** WordPress's limits (ContactController), so a long text is refused here with a clear sentence. */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000 } as const;

export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** What the visitor typed, as text (kept and shown again when sending fails). */
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactValues = { firstName: '', lastName: '', email: '', phoneNumber: '', message: '' };

/** What the action answers the page: the spec's green or red message, and the values to keep. */
export type ContactActionResult =
  | { ok: true; message: string }
  | { ok: false; error: string; values: ContactValues };

export function contactValues(form: FormData): ContactValues {
  const out = { ...EMPTY_CONTACT };
  for (const name of CONTACT_FIELDS) {
    const value = form.get(name);
    out[name] = typeof value === 'string' ? value : '';
  }
  return out;
}

/**
 * The browser-side check: the three required fields present (whitespace counts as empty). The
 * e-mail's format is the browser's type="email" check; the server repeats every rule.
 */
export function contactProblem(values: ContactValues): string | null {
  if (!values.firstName.trim() || !values.lastName.trim() || !values.email.trim()) return CONTACT_MESSAGES.missing;
  return null;
}

function required(max: number, label: string) {
  return z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.missing)
    .max(max, `${label} must be at most ${max} characters long.`);
}

function optional(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters long.`)
    // Spec section 5: phone and comment are omitted when empty.
    .transform((v) => (v === '' ? undefined : v));
}

export function contactSchema() {
  return z.object({
    firstName: required(CONTACT_LIMITS.name, 'First name'),
    lastName: required(CONTACT_LIMITS.name, 'Last name'),
    email: required(CONTACT_LIMITS.email, 'E-mail').pipe(z.string().email(CONTACT_MESSAGES.invalidEmail)),
    phoneNumber: optional(CONTACT_LIMITS.phone, 'Phone number'),
    message: optional(CONTACT_LIMITS.message, 'Message'),
  });
}

/**
 * The server's check. A missing required field always reports the spec's sentence first, whichever
 * field zod happened to look at first.
 */
export function parseContact(values: ContactValues): { ok: true; data: ContactMessage } | { ok: false; error: string } {
  const missing = contactProblem(values);
  if (missing) return { ok: false, error: missing };
  const result = contactSchema().safeParse(values);
  if (!result.success) return { ok: false, error: result.error.issues[0]?.message ?? CONTACT_MESSAGES.missing };
  const { phoneNumber, message, ...rest } = result.data;
  const data: ContactMessage = { ...rest };
  if (phoneNumber) data.phoneNumber = phoneNumber;
  if (message) data.message = message;
  return { ok: true, data };
}
