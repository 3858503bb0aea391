// The server's check of the contact form (zod); the browser's plain check and the texts are in contact.ts.
import { z } from 'zod';
import { CONTACT_FIELDS, CONTACT_LIMITS, CONTACT_MESSAGES, contactIssue, type ContactField, type ContactValues } from './contact';
import type { ContactMessage } from './wordpress/types';

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
export function parseContact(
  values: ContactValues,
): { ok: true; data: ContactMessage } | { ok: false; error: string; fields: ContactField[] } {
  const issue = contactIssue(values);
  if (issue) return { ok: false, ...issue };
  const result = contactSchema().safeParse(values);
  if (!result.success) {
    const first = result.error.issues[0];
    const field = CONTACT_FIELDS.find((name) => name === first?.path[0]);
    return { ok: false, error: first?.message ?? CONTACT_MESSAGES.missing, fields: field ? [field] : [] };
  }
  const { phoneNumber, message, ...rest } = result.data;
  const data: ContactMessage = { ...rest };
  if (phoneNumber) data.phoneNumber = phoneNumber;
  if (message) data.message = message;
  return { ok: true, data };
}
