// The car page's "Send an Inquiry for this Car" form: one zod schema for
// the form's own values (name, phone, email, message) plus the car id, used by the route action and
// for the inputs' limits. Client-safe: no server imports. The limits and sentences are WordPress's
// own (InquiryController / Validator), so the visitor reads the same words whichever side refuses.
import { z } from 'zod';
import { INQUIRY_LIMITS, INQUIRY_MESSAGES } from './inquiry-fields';

export {
  EMPTY_INQUIRY,
  INQUIRY_INTENT,
  INQUIRY_LIMITS,
  INQUIRY_MESSAGES,
  inquiryValues,
  type InquiryActionData,
  type InquiryValues,
} from './inquiry-fields';

const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : v);

function required(missing: string, label: string, max: number) {
  return z.preprocess(
    text,
    z
      .string({ invalid_type_error: missing })
      .trim()
      .min(1, missing)
      .max(max, `${label} must be at most ${max} characters long.`)
  );
}

/** Same rule as WordPress: digits and the usual separators, at least five digits. */
const PHONE_PATTERN = /^[0-9+\-()./\s]+$/;

/**
 * The schema, built on first use: no zod call runs when the module loads, so a bundle that imports
 * this module only for its server action drops zod entirely (nothing with side effects is left).
 */
function buildInquirySchema() {
  return z.object({
    // First, so a form without a car says so before anything else (spec: "Car ID is missing.").
    carId: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v),
      z
        .string({ invalid_type_error: INQUIRY_MESSAGES.carIdInvalid })
        .min(1, INQUIRY_MESSAGES.carIdMissing)
        .regex(/^\d{1,15}$/, INQUIRY_MESSAGES.carIdInvalid)
        .transform(Number)
        .refine((n) => n > 0, INQUIRY_MESSAGES.carIdMissing)
    ),
    name: required(INQUIRY_MESSAGES.name, 'Name', INQUIRY_LIMITS.name),
    phone: required(INQUIRY_MESSAGES.phone, 'Phone number', INQUIRY_LIMITS.phone).refine(
      (p) => PHONE_PATTERN.test(p) && (p.match(/\d/g)?.length ?? 0) >= 5,
      INQUIRY_MESSAGES.phoneInvalid
    ),
    email: required(INQUIRY_MESSAGES.email, 'E-mail', INQUIRY_LIMITS.email).pipe(
      z.string().email(INQUIRY_MESSAGES.emailInvalid)
    ),
    message: z.preprocess(
      text,
      z
        .string()
        .trim()
        .max(INQUIRY_LIMITS.message, `Message must be at most ${INQUIRY_LIMITS.message} characters long.`)
        .transform((m) => (m === '' ? undefined : m))
    ),
    // The car page's chosen port (optional): a positive id, with RoRo unless container is named.
    portId: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v),
      z
        .string({ invalid_type_error: INQUIRY_MESSAGES.portInvalid })
        .regex(/^(\d{1,15})?$/, INQUIRY_MESSAGES.portInvalid)
        .transform((v) => (v === '' ? undefined : Number(v)))
        .refine((n) => n === undefined || n > 0, INQUIRY_MESSAGES.portInvalid)
    ),
    shipping: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'roro' : v),
      z.enum(['roro', 'container'], { errorMap: () => ({ message: INQUIRY_MESSAGES.portInvalid }) })
    ),
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
  return { ok: false, message: first?.message ?? INQUIRY_MESSAGES.failed };
}
