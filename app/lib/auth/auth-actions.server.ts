import { json, redirect, type AppLoadContext } from '@remix-run/node';
import { parseSignIn, parseSignUp } from '~/forms/auth.server';
import { AUTH_MESSAGES, fieldText, SESSION_ENDED_PARAM, type AuthActionResult } from '~/forms/auth';
import { applyFavoriteIntent, favoriteIntentFrom } from '~/lib/favorites/intent.server';
import { safeRedirect } from '~/lib/auth/safe-redirect';
import {
  commitUserSession,
  createUserSession,
  getSessionUser,
  sessionUserFromLogin,
  sessionUserFromRegister,
  visitorContext,
} from '~/lib/auth/session.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { isWordPressOutage, WordPressError, type WordPressClient } from '~/lib/wordpress/client.server';
import type { SessionUser } from '~/lib/wordpress/types';
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { failureFor } from '~/lib/wordpress/failure.server';

// The /login and /register actions. One action serves both the dialog (fetcher posts with
// `_dialog=1`: JSON + the session cookie, so the dialog can close in place) and the no-JavaScript
// pages (a redirect back to where the visitor was).

const NO_STORE = cacheHeaders('none');

/**
 * WordPress's own message for a refusal (wrong password, name taken, too many attempts), else the
 * fallback ("Login failed", "Registration failed"); never an internal detail.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  return failureFor(error, fallback).message;
}

function failure(error: string, status: number, values?: { username?: string; email?: string }) {
  return json<AuthActionResult>({ ok: false, error, values }, { status, headers: NO_STORE });
}

async function signedIn(wordpress: WordPressClient, request: Request, form: FormData, token: string, user: SessionUser): Promise<Response> {
  // Before answering, so the page data reloaded after the answer already holds the car.
  await applyFavoriteIntent(wordpress, token, form);
  if (form.get('_dialog') === '1') {
    return json<AuthActionResult>(
      { ok: true },
      { headers: { ...NO_STORE, 'Set-Cookie': await commitUserSession(request, { token, user }) } },
    );
  }
  return createUserSession(request, { token, user, redirectTo: safeRedirect(form.get('redirectTo'), '/') });
}

export async function signInAction(request: Request, context?: AppLoadContext): Promise<Response> {
  const wordpress = wordpressOf(context);
  const form = await request.formData();
  const parsed = parseSignIn(form);
  const username = fieldText(form, 'username').trim();
  if (!parsed.ok) return failure(parsed.error, 400, { username });
  try {
    const res = await wordpress.login(parsed.data.username, parsed.data.password, visitorContext(request));
    return await signedIn(wordpress, request, form, res.token, sessionUserFromLogin(res));
  } catch (error) {
    if (!(error instanceof WordPressError)) throw error;
    if (isWordPressOutage(error)) console.error('Sign-in: WordPress unavailable:', error.status, error.message);
    const { message, status } = failureFor(error, AUTH_MESSAGES.loginFailed);
    return failure(message, status, { username });
  }
}

export async function signUpAction(request: Request, context?: AppLoadContext): Promise<Response> {
  const wordpress = wordpressOf(context);
  const form = await request.formData();
  const parsed = parseSignUp(form);
  const values = { username: fieldText(form, 'username').trim(), email: fieldText(form, 'email').trim() };
  if (!parsed.ok) return failure(parsed.error, 400, values);
  try {
    const { username, email, password } = parsed.data;
    const res = await wordpress.register({ username, email, password }, visitorContext(request));
    return await signedIn(wordpress, request, form, res.token, sessionUserFromRegister(res));
  } catch (error) {
    if (!(error instanceof WordPressError)) throw error;
    if (isWordPressOutage(error)) console.error('Sign-up: WordPress unavailable:', error.status, error.message);
    const { message, status } = failureFor(error, AUTH_MESSAGES.registrationFailed);
    return failure(message, status, values);
  }
}

/** The /login and /register pages' loader: where to return to, or straight there when signed in. */
export async function authPageLoader(request: Request, context?: AppLoadContext) {
  const redirectTo = returnTo(request);
  // Already signed in (e.g. a second tab): nothing to do here.
  if (await getSessionUser(request, context)) throw redirect(redirectTo);
  const sessionEnded = new URL(request.url).searchParams.get(SESSION_ENDED_PARAM) === '1';
  return json({ redirectTo, favoriteCarId: favoriteIntentFrom(request), sessionEnded }, { headers: NO_STORE });
}

/**
 * Where the /login and /register pages send the visitor afterwards: ?redirectTo= when it is a
 * same-site path, else the page they came from (Referer, same origin only), else home. Never back
 * to a sign-in page itself.
 */
export function returnTo(request: Request): string {
  const url = new URL(request.url);
  const fromQuery = safeRedirect(url.searchParams.get('redirectTo'), '');
  const fromReferer = refererPath(request, url);
  const target = fromQuery || fromReferer || '/';
  return isAuthPage(target) ? '/' : target;
}

function refererPath(request: Request, url: URL): string {
  const referer = request.headers.get('Referer');
  if (!referer) return '';
  try {
    const from = new URL(referer);
    if (from.origin !== url.origin) return '';
    return safeRedirect(`${from.pathname}${from.search}`, '');
  } catch {
    return '';
  }
}

function isAuthPage(path: string): boolean {
  const pathname = path.split(/[?#]/)[0];
  return pathname === '/login' || pathname === '/register' || pathname === '/logout';
}
