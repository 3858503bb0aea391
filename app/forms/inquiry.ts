// The inquiry form's limits, messages and values without zod, so the form's component can use them
// without shipping a validation library to the browser (zod is ~14 KB gzipped); the schema itself
// is in inquiry.server.ts, built from these limits and the shared field rules.

import { FIELD_RULES } from './field-rules';

export const INQUIRY_LIMITS = {
  name: FIELD_RULES.name.max,
  phone: FIELD_RULES.phone.max,
  email: FIELD_RULES.email.max,
  message: FIELD_RULES.message.max,
} as const;

export const INQUIRY_MESSAGES = {
  name: 'Please enter your name.',
  phone: 'Please enter your phone number.',
  phoneInvalid: 'Please enter a valid phone number.',
  email: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
  portInvalid: 'The chosen destination port is not available. Please choose another.',
  /** WordPress's answer to a stored inquiry, and the site's when the outbox keeps it instead. */
  sent: 'Thank you! Your inquiry has been sent. We will contact you shortly.',
  /** Shown for any failure without a message of its own (network, time-out, bad answer). */
  failed: 'Failed to submit inquiry. Please try again later.',
} as const;

/** The form's own values, as typed, for re-rendering the form after a refusal. */
export type InquiryValues = { name: string; phone: string; email: string; message: string };

/** The hidden `intent` of the form, so the car route knows which post it is answering. */
export const INQUIRY_INTENT = 'inquiry';

/** The inquiry section's element id: the car page's buttons and the port estimator link to it. */
export const INQUIRY_FORM_ID = 'inquiry';

/**
 * What the car route's action answers; `values` lets a refused form come back as it was typed;
 * `networkError` marks an answer made in the browser because the post never reached the site.
 */
export type InquiryActionData = { ok: true; message: string } | { ok: false; message: string; values: InquiryValues; networkError?: true };

export const EMPTY_INQUIRY: InquiryValues = { name: '', phone: '', email: '', message: '' };

/** The visitor's own values from a submitted form, to put back into the fields. */
export function inquiryValues(form: Record<string, unknown>): InquiryValues {
  const pick = (key: keyof InquiryValues, max: number) => {
    const v = form[key];
    return typeof v === 'string' ? v.slice(0, max) : '';
  };
  return {
    name: pick('name', INQUIRY_LIMITS.name),
    phone: pick('phone', INQUIRY_LIMITS.phone),
    email: pick('email', INQUIRY_LIMITS.email),
    message: pick('message', INQUIRY_LIMITS.message),
  };
}
