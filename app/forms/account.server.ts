// The server side of the account forms: zod reads the posted fields as text, then the very same
// checks as app/forms/account.ts decide the sentences, so the pages and any client agree.
import { z } from 'zod';
import { text } from './fields.server';
import {
  deleteErrors,
  forgotErrors,
  passwordErrors,
  profileErrors,
  resetErrors,
  type FieldErrors,
  type DeleteValues,
  type ForgotValues,
  type PasswordValues,
  type ProfileValues,
  type ResetValues,
} from './account';

const trimmed = (label: string) => text(label).transform((v) => v.trim());

const forgotSchema = z.object({ email: trimmed('E-mail') });
const resetSchema = z.object({ password: text('Password'), confirmPassword: text('Password') });
const profileSchema = z.object({ displayName: trimmed('Name'), email: trimmed('E-mail') });
const passwordSchema = z.object({ currentPassword: text('Password'), password: text('Password'), confirmPassword: text('Password') });
const deleteSchema = z.object({ password: text('Password') });

type Parsed<T> = { ok: true; data: T } | { ok: false; fields: FieldErrors };

function parse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, rule: (v: T) => FieldErrors | null, form: FormData): Parsed<T> {
  const result = schema.safeParse(Object.fromEntries(form));
  if (!result.success) {
    // Only a client that posts something other than text gets here; the field named is the one it sent.
    const issue = result.error.issues[0];
    // Stryker disable next-line OptionalChaining,StringLiteral: zod fails a parse only with an issue, each with a message, and an object schema given an object names the field; the fallbacks are for the types
    return { ok: false, fields: { [String(issue?.path[0] ?? 'form')]: issue?.message ?? 'Please check this field.' } };
  }
  const errors = rule(result.data);
  return errors ? { ok: false, fields: errors } : { ok: true, data: result.data };
}

export const parseForgot = (form: FormData): Parsed<ForgotValues> => parse(forgotSchema, forgotErrors, form);
export const parseReset = (form: FormData): Parsed<ResetValues> => parse(resetSchema, resetErrors, form);
export const parseProfile = (form: FormData): Parsed<ProfileValues> => parse(profileSchema, profileErrors, form);
export const parsePassword = (form: FormData): Parsed<PasswordValues> => parse(passwordSchema, passwordErrors, form);
export const parseDelete = (form: FormData): Parsed<DeleteValues> => parse(deleteSchema, deleteErrors, form);
