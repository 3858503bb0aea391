// The car id as a zod field, for the server's schemas: the same reading and sentences as forms/car-id.ts.
import { z } from 'zod';
import { CAR_ID_MESSAGES, readCarId } from './car-id';

export function carIdField() {
  return z.unknown().transform((raw, ctx) => {
    const reading = readCarId(raw);
    if (reading.ok) return reading.id;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: CAR_ID_MESSAGES[reading.problem] });
    return z.NEVER;
  });
}
