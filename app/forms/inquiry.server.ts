// The server's check of the car page's "Send an Inquiry for this Car" form and of POST /api/inquiry:
// one set of zod fields (the car id, name, phone, e-mail, message) for both. The limits and
// sentences are in inquiry.ts (browser-safe) and are WordPress's own, so the visitor reads the same
// words whichever side refuses.
import { z } from 'zod';
import { carIdField } from './car-id.server';
import { optionalText, requiredText } from './fields.server';
import { isEmail, isPhone } from './field-rules';
import { INQUIRY_LIMITS, INQUIRY_MESSAGES } from './inquiry';

/** The inquiry's fields, checked in this order: the car id first, so a form without a car says so. */
function inquiryFields() {
  return {
    carId: carIdField(),
    name: requiredText('Name', INQUIRY_MESSAGES.name, INQUIRY_LIMITS.name),
    phone: requiredText('Phone number', INQUIRY_MESSAGES.phone, INQUIRY_LIMITS.phone).refine(isPhone, INQUIRY_MESSAGES.phoneInvalid),
    email: requiredText('E-mail', INQUIRY_MESSAGES.email, INQUIRY_LIMITS.email).refine(isEmail, INQUIRY_MESSAGES.emailInvalid),
    message: optionalText('Message', INQUIRY_LIMITS.message),
  };
}

/**
 * The schema, built on first use: no zod call runs when the module loads, so a bundle that imports
 * this module only for its server action drops zod entirely (nothing with side effects is left).
 */
function buildInquirySchema() {
  return z.object({
    ...inquiryFields(),
    // The car page's chosen port (optional, a form string): a positive id, RoRo unless container is named.
    portId: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v),
      z
        .string({ invalid_type_error: INQUIRY_MESSAGES.portInvalid })
        .regex(/^(\d{1,15})?$/, INQUIRY_MESSAGES.portInvalid)
        .transform((v) => (v === '' ? undefined : Number(v)))
        .refine((n) => n === undefined || n > 0, INQUIRY_MESSAGES.portInvalid),
    ),
    shipping: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'roro' : v),
      z.enum(['roro', 'container'], { errorMap: () => ({ message: INQUIRY_MESSAGES.portInvalid }) }),
    ),
  });
}

/** The JSON body of POST /api/inquiry: the same fields under the API's names (phoneNumber, emailAddress), the port as a number. */
export function inquiryBody() {
  const { carId, name, phone, email, message } = inquiryFields();
  return z.object({
    carId,
    name,
    phoneNumber: phone,
    emailAddress: email,
    message,
    // The buyer's destination port (an id from the GraphQL ports list) and how the car would ship.
    portId: z
      .number({ invalid_type_error: 'portId must be a port id.' })
      .int('portId must be a port id.')
      .positive('portId must be a port id.')
      .refine((n) => Number.isSafeInteger(n), 'portId must be a port id.')
      .optional(),
    shipping: z.enum(['roro', 'container'], { errorMap: () => ({ message: 'shipping must be roro or container.' }) }).optional(),
  });
}

let schema: ReturnType<typeof buildInquirySchema> | undefined;

export function inquirySchema() {
  schema ??= buildInquirySchema();
  return schema;
}

export type InquiryInput = z.output<ReturnType<typeof buildInquirySchema>>;

export type InquiryParseResult = { ok: true; data: InquiryInput } | { ok: false; message: string };

/** The submitted form, validated; on failure the first problem, in field order, as one sentence. */
export function parseInquiry(form: Record<string, unknown>): InquiryParseResult {
  const result = inquirySchema().safeParse(form);
  if (result.success) return { ok: true, data: result.data };
  // Zod reports issues in field order; the car id is checked first.
  const first = result.error.issues[0];
  // Stryker disable next-line OptionalChaining: zod fails a parse only with at least one issue, so the first is always there
  return { ok: false, message: first?.message ?? INQUIRY_MESSAGES.failed };
}
