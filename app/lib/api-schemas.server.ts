// zod schemas of the JSON bodies the /api routes accept. Messages are the ones the
// site's forms and WordPress use, so a script gets the same sentence a visitor would.
import { z } from 'zod';

/** null or a number where text is expected: JSON clients often send a phone number as a number. */
const asText = (v: unknown) => (v === null ? undefined : typeof v === 'number' ? String(v) : v);

export function requiredText(label: string, missing: string, max: number) {
  return z.preprocess(
    (v) => asText(v) ?? '',
    z
      .string({ invalid_type_error: `${label} must be text.` })
      .trim()
      .min(1, missing)
      .max(max, `${label} must be at most ${max} characters long.`),
  );
}

export function optionalText(label: string, max: number) {
  return z.preprocess(
    asText,
    z
      .string({ invalid_type_error: `${label} must be text.` })
      .trim()
      .max(max, `${label} must be at most ${max} characters long.`)
      .optional()
      .transform((v) => (v ? v : undefined)),
  );
}

/** A car id as a number or a string of digits; missing, 0 and "" all read as missing. */
export function carIdField(missing = 'Car ID is missing.') {
  return z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? 0 : typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ invalid_type_error: 'Car ID is invalid.' })
      .int('Car ID is invalid.')
      .nonnegative('Car ID is invalid.')
      .refine((n) => n > 0, missing)
      .refine((n) => Number.isSafeInteger(n), 'Car ID is invalid.'),
  );
}

const EMAIL_INVALID = 'Please enter a valid e-mail address.';

export const loginBody = z.object({
  username: requiredText('Username', 'Please enter your username or e-mail address.', 254),
  // Passwords are passed exactly as typed; WordPress decides what matches.
  password: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ invalid_type_error: 'Password must be text.' })
      .min(1, 'Please enter your password.')
      .max(4096, 'Password is too long.'),
  ),
});

const REGISTER_MISSING = 'Please fill in your username, e-mail address and password.';
export const registerBody = z.object({
  username: requiredText('Username', REGISTER_MISSING, 60),
  email: requiredText('E-mail', REGISTER_MISSING, 254).pipe(z.string().email(EMAIL_INVALID)),
  password: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ invalid_type_error: 'Password must be text.' })
      .min(1, REGISTER_MISSING)
      .refine((p) => p.trim().length >= 6, 'Password must be at least 6 characters long.')
      .refine((p) => p.trim().length <= 200, 'Password must be at most 200 characters long.'),
  ),
});

/** Spec: toggling passes car id plus title and price; title and price are not needed and ignored. */
export const toggleBody = z.object({
  carId: carIdField(),
  action: z.enum(['add', 'remove'], { errorMap: () => ({ message: 'Action must be "add" or "remove".' }) }),
});

const CONTACT_MISSING = 'Please fill in all required fields (First Name, Last Name, and Email).';
export const contactBody = z.object({
  firstName: requiredText('First name', CONTACT_MISSING, 100),
  lastName: requiredText('Last name', CONTACT_MISSING, 100),
  email: requiredText('E-mail', CONTACT_MISSING, 254).pipe(z.string().email(EMAIL_INVALID)),
  phoneNumber: optionalText('Phone number', 40),
  message: optionalText('Message', 5000),
});

/** Field order is the order of the checks: the car id first (spec: "Car ID is missing."). */
export const inquiryBody = z.object({
  carId: carIdField(),
  name: requiredText('Name', 'Please enter your name.', 100),
  phoneNumber: requiredText('Phone number', 'Please enter your phone number.', 40),
  emailAddress: requiredText('E-mail', 'Please enter your e-mail address.', 254).pipe(z.string().email(EMAIL_INVALID)),
  message: optionalText('Message', 5000),
  // The buyer's destination port (an id from the GraphQL ports list) and how the car would ship.
  portId: z
    .number({ invalid_type_error: 'portId must be a port id.' })
    .int('portId must be a port id.')
    .positive('portId must be a port id.')
    .refine((n) => Number.isSafeInteger(n), 'portId must be a port id.')
    .optional(),
  shipping: z.enum(['roro', 'container'], { errorMap: () => ({ message: 'shipping must be roro or container.' }) }).optional(),
});

/**
 * What a script may send beside a lead: an idempotency key (also accepted as the Idempotency-Key
 * header), and the form guard's honeypot and fill time when it relays a form of its own.
 */
export const leadExtrasBody = z.object({
  idempotencyKey: z
    .string({ invalid_type_error: 'idempotencyKey must be text.' })
    .regex(/^[A-Za-z0-9_.:-]{16,128}$/, 'idempotencyKey must be 16 to 128 letters, digits or _ . : -')
    .optional(),
  website: z.string({ invalid_type_error: 'website must be text.' }).max(200).optional(),
  fillMs: z.number({ invalid_type_error: 'fillMs must be a number.' }).int().nonnegative().optional(),
});

/** What WordPress's purge notifier sends; every field optional (any call purges everything). */
export const purgeBody = z.object({
  type: z.string().max(100).optional(),
  id: z.number().int().optional(),
  slug: z.string().max(200).optional(),
  event: z.string().max(20).optional(),
});
