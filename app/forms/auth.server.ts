import { z } from 'zod';
import { signInError, signUpError, type SignInValues, type SignUpValues } from './auth';

// The server side of the sign-in and sign-up rules: zod parses the posted fields, then the very same
// rule functions the dialogs run decide the message, so the order and the wording cannot drift.

const text = z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string());

export const signInSchema = z
  .object({ username: text.transform((v) => v.trim()), password: text })
  .superRefine((values, ctx) => {
    const message = signInError(values);
    if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  });

export const signUpSchema = z
  .object({
    username: text.transform((v) => v.trim()),
    email: text.transform((v) => v.trim()),
    password: text,
    confirmPassword: text,
  })
  .superRefine((values, ctx) => {
    const message = signUpError(values);
    if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  });

type Parsed<T> = { ok: true; data: T } | { ok: false; error: string };

function firstError<T>(result: z.SafeParseReturnType<unknown, T>, fallback: string): Parsed<T> {
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? fallback };
}

export function parseSignIn(form: FormData): Parsed<SignInValues> {
  return firstError(signInSchema.safeParse(Object.fromEntries(form)), 'Login failed');
}

export function parseSignUp(form: FormData): Parsed<SignUpValues> {
  return firstError(signUpSchema.safeParse(Object.fromEntries(form)), 'Registration failed');
}
