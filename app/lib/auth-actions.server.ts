import { json } from '@remix-run/node';
import { parseSignIn, parseSignUp } from './auth-schemas.server';
import { applyFavoriteIntent } from './favorite-intent.server';
import { AUTH_MESSAGES, fieldText, type AuthActionResult } from './auth-validation';
import { safeRedirect } from './safe-redirect';
import {
  commitUserSession,
  createUserSession,
  sessionUserFromLogin,
  sessionUserFromRegister,
  visitorContext,
} from './session.server';
import { getWordPress, WordPressError } from './wordpress/client.server';
import type { SessionUser } from './wordpress/types';

// The /login and /register actions. One action serves both the dialog (fetcher posts with
// `_dialog=1`: JSON + the session cookie, so the dialog can close in place) and the no-JavaScript
// pages (a redirect back to where the visitor was).

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * WordPress's own message when it sent one (wrong password, name taken, too many attempts: spec
 * section 8 shows these verbatim), else the spec's fallback. Network failures, time-outs, 5xx and
 * answers without a message get the fallback, never an internal detail.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof WordPressError && error.status >= 400 && error.status < 500) {
    const message = error.message.trim();
    if (message && !message.startsWith('HTTP error!')) return message;
  }
  return fallback;
}

function failure(error: string, status: number, values?: { username?: string; email?: string }) {
  return json<AuthActionResult>({ ok: false, error, values }, { status, headers: NO_STORE });
}

async function signedIn(request: Request, form: FormData, token: string, user: SessionUser): Promise<Response> {
  // Before answering, so the page data reloaded after the answer already holds the car.
  await applyFavoriteIntent(token, form);
  if (form.get('_dialog') === '1') {
    return json<AuthActionResult>(
      { ok: true },
      { headers: { ...NO_STORE, 'Set-Cookie': await commitUserSession(request, { token, user }) } },
    );
  }
  return createUserSession(request, { token, user, redirectTo: safeRedirect(form.get('redirectTo'), '/') });
}

function failureStatus(error: unknown): number {
  // 4xx from WordPress (400 bad input, 403 wrong password, 429 too many attempts) passes through;
  // anything else is WordPress being unavailable.
  return error instanceof WordPressError && error.status >= 400 && error.status < 500 ? error.status : 502;
}

export async function signInAction(request: Request): Promise<Response> {
  const form = await request.formData();
  const parsed = parseSignIn(form);
  const username = fieldText(form, 'username').trim();
  if (!parsed.ok) return failure(parsed.error, 400, { username });
  try {
    const res = await getWordPress().login(parsed.data.username, parsed.data.password, visitorContext(request));
    return await signedIn(request, form, res.token, sessionUserFromLogin(res));
  } catch (error) {
    if (!(error instanceof WordPressError)) throw error;
    if (error.status === 0 || error.status >= 500) console.error('Sign-in: WordPress unavailable:', error.status, error.message);
    return failure(authErrorMessage(error, AUTH_MESSAGES.loginFailed), failureStatus(error), { username });
  }
}

export async function signUpAction(request: Request): Promise<Response> {
  const form = await request.formData();
  const parsed = parseSignUp(form);
  const values = { username: fieldText(form, 'username').trim(), email: fieldText(form, 'email').trim() };
  if (!parsed.ok) return failure(parsed.error, 400, values);
  try {
    const { username, email, password } = parsed.data;
    const res = await getWordPress().register({ username, email, password }, visitorContext(request));
    return await signedIn(request, form, res.token, sessionUserFromRegister(res));
  } catch (error) {
    if (!(error instanceof WordPressError)) throw error;
    if (error.status === 0 || error.status >= 500) console.error('Sign-up: WordPress unavailable:', error.status, error.message);
    return failure(authErrorMessage(error, AUTH_MESSAGES.registrationFailed), failureStatus(error), values);
  }
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
