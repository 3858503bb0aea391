// zod schemas of the /api JSON bodies that are not a form of the site's own (the forms' bodies are
// built in app/forms/*.server.ts, so a script gets the same sentence a visitor would).
import { z } from 'zod';
import { carIdField } from '~/forms/car-id.server';

/** Clients may send the car's title and price with its id when toggling; they are not needed and ignored. */
export const toggleBody = z.object({
  carId: carIdField(),
  action: z.enum(['add', 'remove'], { errorMap: () => ({ message: 'Action must be "add" or "remove".' }) }),
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
