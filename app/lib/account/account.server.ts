// What the account pages share on the server: who the signed-in buyer is (a guest is sent to sign
// in and comes back), the answers of a form that does not go on, and signing the buyer in again
// with the token WordPress gives after a password changed.
import { json, redirect, type AppLoadContext } from '@remix-run/node';
import type { AccountFormResult, FieldErrors } from '~/forms/account';
import { commitUserSession, endSessionAndSignIn, readSession, sessionUserFromLogin, type UserSession } from '~/lib/auth/session.server';
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { WordPressError, isWordPressOutage, type WordPressClient } from '~/lib/wordpress/client.server';
import { failureFor, failureInit } from '~/lib/wordpress/failure.server';
import type { LoginResponse } from '~/lib/wordpress/types';

export const ACCOUNT_HEADERS = cacheHeaders('none');

export type SignedInBuyer = { auth: UserSession; wordpress: WordPressClient };

/**
 * The signed-in buyer, or a redirect to /login that comes back to this page afterwards (saying the
 * session ended when the visitor was signed in until now).
 */
export async function requireBuyer(request: Request, context?: AppLoadContext): Promise<SignedInBuyer> {
  const { auth, ended } = await readSession(request, context);
  if (ended) throw await endSessionAndSignIn(request, ACCOUNT_HEADERS);
  if (!auth) {
    const url = new URL(request.url);
    throw redirect(`/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`, { headers: ACCOUNT_HEADERS });
  }
  return { auth, wordpress: wordpressOf(context) };
}

/** A form's own check failed: 400, the sentences per field and what was typed. */
export function invalidForm(fields: FieldErrors, values: Record<string, string>, intent?: string) {
  return json<AccountFormResult>({ ok: false, fields, values, intent }, { status: 400, headers: ACCOUNT_HEADERS });
}

/**
 * WordPress refused or failed. A refusal WordPress explained about one field (a wrong password:
 * `fieldOf` maps its code to the field) is shown under that field; anything else above the form.
 * An outage answers 503 with Retry-After and a sentence that says to try again; what was typed is
 * sent back so nothing is lost.
 */
export function wordpressFailure(
  error: unknown,
  fallback: string,
  { values, intent, fieldOf = {} }: { values: Record<string, string>; intent?: string; fieldOf?: Record<string, string> },
) {
  if (!(error instanceof WordPressError)) throw error;
  if (isWordPressOutage(error)) console.error(`Account: WordPress unavailable (${fallback})`, error.status, error.message);
  const failure = failureFor(error, fallback);
  const message = failure.status >= 500 ? `${fallback} Please try again in a moment: nothing you typed is lost.` : failure.message;
  const field = error.code ? fieldOf[error.code] : undefined;
  const body: AccountFormResult = field
    ? { ok: false, fields: { [field]: message }, values, intent }
    : { ok: false, form: message, values, intent };
  return json<AccountFormResult>(body, failureInit(failure));
}

/** The session cookie of the token WordPress issued after a reset or a change of password. */
export function sessionAfterPasswordChange(request: Request, res: LoginResponse): Promise<string> {
  return commitUserSession(request, { token: res.token, user: sessionUserFromLogin(res) });
}
