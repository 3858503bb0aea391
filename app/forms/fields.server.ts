// zod building blocks shared by every form's server schema. Each accepts what a browser form posts
// (text) and what a JSON client sends (null for nothing, a number where text is expected, as phone
// numbers often are), so a page and its /api twin parse with the very same schema.
import { z } from 'zod';

/** null or a number where text is expected: read as nothing / as its digits. */
const asText = (v: unknown) => (v === null ? undefined : typeof v === 'number' ? String(v) : v);

/** Text as typed (never trimmed), "" when missing; anything else is refused as "<label> must be text." */
export function text(label: string) {
  return z.preprocess((v) => asText(v) ?? '', z.string({ invalid_type_error: `${label} must be text.` }));
}

/** Required, trimmed text of at most `max` characters; `missing` is the sentence for nothing typed. */
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

/** Optional, trimmed text of at most `max` characters; nothing typed reads as undefined. */
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

/** A schema's first problem as the form's one sentence (rules word their own messages). */
export function firstProblem(error: z.ZodError, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}
