// The car id as a zod field, for the server's schemas: the same reading and sentences as forms/car-id.ts.
import { z } from 'zod';
import { readCarId } from './car-id';

/** What a form or API client is told about its car id (the server's sentences only). */
export const CAR_ID_MESSAGES = {
  missing: 'Car ID is missing.',
  invalid: 'Car ID is invalid.',
} as const;

export function carIdField() {
  return z.unknown().transform((raw, ctx) => {
    const reading = readCarId(raw);
    if (reading.ok) return reading.id;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: CAR_ID_MESSAGES[reading.problem] });
    return z.NEVER;
  });
}
