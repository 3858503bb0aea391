// The signed-in visitor: the WordPress JWT and the session user live in an httpOnly, SameSite=Lax,
// signed cookie (never in localStorage or the page, so a script injected into a page cannot
// read it). On every request the token's expiry is read from its payload, then WordPress confirms it
// (cached 60 s per token); a missing, expired or rejected token ends the session.
import { createHash } from 'node:crypto';
import { createCookieSessionStorage, redirect, type AppLoadContext, type SessionStorage } from '@remix-run/node';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { env } from '~/lib/server/env.server';
import { safeRedirect } from './safe-redirect';
import { SESSION_ENDED_PARAM } from '~/forms/auth';
import { wordpressOf } from '~/lib/server/load-context.server';
import { WordPressError, type WordPressClient } from '~/lib/wordpress/client.server';
import { userFromLogin, userFromRegister } from '~/lib/wordpress/map.server';
import { tokenPayloadSchema } from '~/lib/wordpress/schemas.server';
import type { LoginResponse, RegisterResponse, SessionUser } from '~/lib/wordpress/types';

export { visitorContext } from '~/lib/http/visitor.server';

export const SESSION_COOKIE = '__session';
const VALIDATION_TTL_MS = 60_000;

type SessionData = { token: string; user: SessionUser };
export type UserSession = { user: SessionUser; token: string };

const sessionUserSchema = z.object({
  id: z.number().int().nonnegative(),
  username: z.string(),
  email: z.string(),
  displayName: z.string(),
});

// --- the cookie ---------------------------------------------------------------------------------

const storages = new Map<boolean, SessionStorage<SessionData>>();

function storage(secure: boolean): SessionStorage<SessionData> {
  let s = storages.get(secure);
  if (!s) {
    s = createCookieSessionStorage<SessionData>({
      cookie: {
        name: SESSION_COOKIE,
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
        secrets: [env().sessionSecret],
      },
    });
    storages.set(secure, s);
  }
  return s;
}

/**
 * Whether the cookie gets the Secure flag. COOKIE_SECURE=1/0 forces it; by default (auto) it is set
 * in production when the request came over https: directly, or per X-Forwarded-Proto when the site
 * trusts its proxy (TRUST_PROXY). Deciding per request keeps `npm start` (production build on plain
 * http://127.0.0.1) working, where a Secure cookie would never be sent back.
 */
export function isSecureRequest(request: Request): boolean {
  const e = env();
  if (e.cookieSecure !== 'auto') return e.cookieSecure;
  if (!e.isProduction) return false;
  if (new URL(request.url).protocol === 'https:') return true;
  if (e.trustProxy > 0) {
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    return proto === 'https';
  }
  return false;
}

function sessionStorageFor(request: Request) {
  return storage(isSecureRequest(request));
}

// --- tokens -------------------------------------------------------------------------------------

/** The token's payload, read without the secret (the site has none; WordPress checks signatures). */
export function readTokenPayload(token: string): z.infer<typeof tokenPayloadSchema> | null {
  const decoded = jwt.decode(token, { json: true });
  const parsed = tokenPayloadSchema.safeParse(decoded);
  return parsed.success ? parsed.data : null;
}

/** The account id WordPress put in the token (data.user.id), null when absent. */
export function tokenUserId(token: string): number | null {
  const id = readTokenPayload(token)?.data?.user?.id;
  return typeof id === 'number' && id > 0 ? id : null;
}

/** Expiry of the token in ms since the epoch, null when it has none or cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  const exp = readTokenPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

export function isTokenExpired(token: string, now = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null || expiresAt <= now;
}

const tokenKey = (token: string) => createHash('sha256').update(token).digest('hex');

/** WordPress's verdict per token (by hash, so the cache holds no usable tokens), for 60 s. */
const verdicts = new LRUCache<string, boolean>({ max: 10_000, ttl: VALIDATION_TTL_MS });

/**
 * Whether WordPress accepts the token. A definite no (401/403) is cached like a yes. When WordPress
 * cannot be asked (network failure, 5xx) the token is trusted on its unexpired payload for this
 * request only: a WordPress hiccup should not sign every visitor out.
 */
async function isTokenAccepted(wordpress: WordPressClient, token: string): Promise<boolean> {
  const key = tokenKey(token);
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  try {
    const ok = await wordpress.validateToken(token);
    verdicts.set(key, ok);
    return ok;
  } catch (err) {
    console.warn(
      'Token validation with WordPress failed; keeping the session for now:',
      err instanceof WordPressError ? `${err.status} ${err.message}` : err,
    );
    return true;
  }
}

/** After sign-in the token is known good; saves the first page a WordPress round trip. */
function rememberValid(token: string) {
  verdicts.set(tokenKey(token), true);
}

/** Forgets a token's verdict (after logout, or when WordPress refused it on a real call). */
export function forgetToken(token: string) {
  verdicts.delete(tokenKey(token));
}

/** WordPress's code for a token it checked and refused: revoked by a password change, expired, forged. */
const REFUSED_TOKEN_CODE = 'jwt_auth_invalid_token';

/**
 * Whether a failed WordPress call means the visitor's session is over rather than WordPress
 * failing: WordPress did not take the token (401), or refused it as a token (403 with its code).
 * Another 403 (a staff account on a buyer's page) and any outage are not the visitor signed out.
 */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof WordPressError && (error.status === 401 || (error.status === 403 && error.code === REFUSED_TOKEN_CODE));
}

// --- reading the session ------------------------------------------------------------------------

export type SessionState = {
  auth: UserSession | null;
  /** A Set-Cookie value that clears a dead session; send it with the response (root loader). */
  setCookie: string | null;
  /**
   * The cookie held a signed-in session that is over (its token expired or refused by WordPress,
   * e.g. after a password change on another device): a page for signed-in visitors says so.
   */
  ended: boolean;
};

const perRequest = new WeakMap<Request, Promise<SessionState>>();

/**
 * Whether the request carries our session cookie at all (valid or not): such a page may show a
 * signed-in header, so it is never marked public for shared caches. Cheap: no decoding.
 */
export function hasSessionCookie(request: Request): boolean {
  const cookie = request.headers.get('Cookie') ?? '';
  return cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * Whether nobody is signed in on this request: no Authorization header, and no session cookie or one
 * that holds no account (decoded here only, WordPress is not asked). Such a visitor may be given a
 * page kept for anonymous visitors when the site is too busy to render theirs.
 */
export async function isSignedOut(request: Request): Promise<boolean> {
  if (request.headers.has('Authorization')) return false;
  if (!hasSessionCookie(request)) return true;
  const session = await sessionStorageFor(request).getSession(request.headers.get('Cookie'));
  return !session.has('token') && !session.has('user');
}

async function resolveSession(request: Request, wordpress: WordPressClient): Promise<SessionState> {
  const store = sessionStorageFor(request);
  const session = await store.getSession(request.headers.get('Cookie'));
  const token = session.get('token');
  const user = sessionUserSchema.safeParse(session.get('user'));
  if (typeof token !== 'string' && !session.has('user')) {
    // A cookie that was there but did not verify (old secret, tampered): clear it rather than carry it.
    return { auth: null, setCookie: hasSessionCookie(request) ? await store.destroySession(session) : null, ended: false };
  }

  const alive =
    typeof token === 'string' && token !== '' && user.success && !isTokenExpired(token) && (await isTokenAccepted(wordpress, token));
  if (!alive) return { auth: null, setCookie: await store.destroySession(session), ended: true };
  return { auth: { user: user.data, token }, setCookie: null, ended: false };
}

/**
 * The session and, when it has ended (expired, rejected, unreadable), the Set-Cookie that clears it.
 * The root loader sends that header; other loaders can just call getSessionUser. Memoised per
 * request, so the root and route loaders of one navigation ask WordPress once.
 */
export function readSession(request: Request, context?: AppLoadContext): Promise<SessionState> {
  let state = perRequest.get(request);
  if (!state) {
    state = resolveSession(request, wordpressOf(context));
    perRequest.set(request, state);
  }
  return state;
}

export async function getSessionUser(request: Request, context?: AppLoadContext): Promise<UserSession | null> {
  return (await readSession(request, context)).auth;
}

// --- writing the session ------------------------------------------------------------------------

/** The Set-Cookie value of a new session; the cookie lives as long as the token. */
export async function commitUserSession(request: Request, { token, user }: { token: string; user: SessionUser }): Promise<string> {
  const store = sessionStorageFor(request);
  const session = await store.getSession();
  session.set('token', token);
  session.set('user', user);
  rememberValid(token);
  const expiresAt = tokenExpiresAt(token);
  return store.commitSession(session, expiresAt ? { expires: new Date(expiresAt) } : undefined);
}

/** Signs the visitor in and redirects (same-site paths only) with the session cookie. */
export async function createUserSession(
  request: Request,
  { token, user, redirectTo }: { token: string; user: SessionUser; redirectTo?: string | null },
): Promise<Response> {
  return redirect(safeRedirect(redirectTo, '/'), {
    headers: { 'Set-Cookie': await commitUserSession(request, { token, user }) },
  });
}

/** The Set-Cookie value that ends the session. */
export async function destroyUserSession(request: Request): Promise<string> {
  const store = sessionStorageFor(request);
  const session = await store.getSession(request.headers.get('Cookie'));
  const token = session.get('token');
  if (typeof token === 'string') forgetToken(token);
  return store.destroySession(session);
}

/**
 * A page found the session over (isSessionEnded): the cookie is cleared, the token counted as
 * refused (the header of the next page shows the visitor signed out), and the visitor is sent to
 * sign in, then back to this page (or `returnTo`). `headers` are the caller's cache policy (never stored: the
 * answer carries the Set-Cookie that ends the session).
 */
export async function endSessionAndSignIn(
  request: Request,
  headers: Record<string, string>,
  /** Where to come back to, when not the requested page (a form's action returns to its page). */
  returnTo?: string,
): Promise<Response> {
  const store = sessionStorageFor(request);
  const session = await store.getSession(request.headers.get('Cookie'));
  const token = session.get('token');
  if (typeof token === 'string') verdicts.set(tokenKey(token), false);
  const url = new URL(request.url);
  const query = new URLSearchParams({ redirectTo: returnTo ?? `${url.pathname}${url.search}`, [SESSION_ENDED_PARAM]: '1' });
  return redirect(`/login?${query}`, { headers: { ...headers, 'Set-Cookie': await store.destroySession(session) } });
}

export async function logout(request: Request, redirectTo: string = '/'): Promise<Response> {
  return redirect(safeRedirect(redirectTo, '/'), {
    headers: { 'Set-Cookie': await destroyUserSession(request) },
  });
}

/** The session user from the login answer; the id comes from the token (0 when it has none). */
export function sessionUserFromLogin(res: LoginResponse): SessionUser {
  return userFromLogin(res, tokenUserId(res.token));
}

export function sessionUserFromRegister(res: RegisterResponse): SessionUser {
  return userFromRegister(res);
}
