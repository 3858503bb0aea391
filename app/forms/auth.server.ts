// The server side of the sign-in and sign-up rules: zod reads the posted fields (a page's form or an
// /api/auth JSON body), then the very same rule functions the dialogs run decide the message, so the
// order and the wording cannot drift between the dialog, the pages and the API.
import { z } from 'zod';
import { AUTH_MESSAGES, registerError, signInError, signUpError, type SignInValues, type SignUpValues } from './auth';
import { firstProblem, text } from './fields.server';

/** Adds the rule's sentence as the one issue, when the rule finds a problem. */
function checkedBy<T>(rule: (values: T) => string | null) {
  return (values: T, ctx: z.RefinementCtx) => {
    const message = rule(values);
    if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  };
}

const trimmed = (label: string) => text(label).transform((v) => v.trim());

/** Sign-in: the dialog's and /login's form, and the body of POST /api/auth/login. */
export const signInSchema = z.object({ username: trimmed('Username'), password: text('Password') }).superRefine(checkedBy(signInError));

/** Sign-up as the dialog and /register post it (with confirm-password). */
export const signUpSchema = z
  .object({ username: trimmed('Username'), email: trimmed('E-mail'), password: text('Password'), confirmPassword: text('Password') })
  .superRefine(checkedBy(signUpError));

/** Sign-up as POST /api/auth/register sends it: the same rule without confirm-password. */
export const registerBody = z
  .object({ username: trimmed('Username'), email: trimmed('E-mail'), password: text('Password') })
  .superRefine(checkedBy(registerError));

export const loginBody = signInSchema;

type Parsed<T> = { ok: true; data: T } | { ok: false; error: string };

function parsed<T>(result: z.SafeParseReturnType<unknown, T>, fallback: string): Parsed<T> {
  return result.success ? { ok: true, data: result.data } : { ok: false, error: firstProblem(result.error, fallback) };
}

export function parseSignIn(form: FormData): Parsed<SignInValues> {
  return parsed(signInSchema.safeParse(Object.fromEntries(form)), AUTH_MESSAGES.loginFailed);
}

export function parseSignUp(form: FormData): Parsed<SignUpValues> {
  return parsed(signUpSchema.safeParse(Object.fromEntries(form)), AUTH_MESSAGES.registrationFailed);
}
