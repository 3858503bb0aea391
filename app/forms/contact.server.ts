// The server's check of the contact form (zod), for the /contact-us action and POST /api/contact
// alike; the browser's plain check, the limits and the sentences are in contact.ts.
import { z } from 'zod';
import type { ContactMessage } from '~/lib/wordpress/types';
import { CONTACT_FIELDS, CONTACT_LIMITS, CONTACT_MESSAGES, contactIssue, type ContactField, type ContactValues } from './contact';
import { isEmail, isPhone } from './field-rules';
import { firstProblem, optionalText, requiredText } from './fields.server';

/** The contact form's fields; phone and message are omitted when empty. */
export const contactSchema = z.object({
  firstName: requiredText('First name', CONTACT_MESSAGES.missing, CONTACT_LIMITS.name),
  lastName: requiredText('Last name', CONTACT_MESSAGES.missing, CONTACT_LIMITS.name),
  email: requiredText('E-mail', CONTACT_MESSAGES.missing, CONTACT_LIMITS.email).refine(isEmail, CONTACT_MESSAGES.invalidEmail),
  phoneNumber: optionalText('Phone number', CONTACT_LIMITS.phone).refine(
    (p) => p === undefined || isPhone(p),
    CONTACT_MESSAGES.invalidPhone,
  ),
  message: optionalText('Message', CONTACT_LIMITS.message),
});

/** The JSON body of POST /api/contact: the same schema. */
export const contactBody = contactSchema;

/**
 * The page's check. A missing required field always reports "Please fill in all required fields" first, whichever
 * field zod happened to look at first.
 */
export function parseContact(
  values: ContactValues,
): { ok: true; data: ContactMessage } | { ok: false; error: string; fields: ContactField[] } {
  const issue = contactIssue(values);
  if (issue) return { ok: false, ...issue };
  const result = contactSchema.safeParse(values);
  if (!result.success) {
    // Every key of the schema is a form field, so the first issue always names one of them.
    // Stryker disable next-line OptionalChaining: zod fails a parse only with at least one issue, so the first is always there
    const fields = CONTACT_FIELDS.filter((name) => name === result.error.issues[0]?.path[0]);
    return { ok: false, error: firstProblem(result.error, CONTACT_MESSAGES.missing), fields };
  }
  const { phoneNumber, message, ...rest } = result.data;
  const data: ContactMessage = { ...rest };
  // Stryker disable next-line ConditionalExpression: a member holding undefined is dropped alike when the lead is keyed and when the client builds WordPress's body
  if (phoneNumber) data.phoneNumber = phoneNumber;
  // Stryker disable next-line ConditionalExpression: a member holding undefined is dropped alike when the lead is keyed and when the client builds WordPress's body
  if (message) data.message = message;
  return { ok: true, data };
}
