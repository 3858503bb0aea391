import { json, redirect, type ActionFunctionArgs } from '@remix-run/node';
import type { ClientActionFunctionArgs } from '@remix-run/react';
import { z } from 'zod';
import {
  FAVORITES_NETWORK_ERROR,
  FAVORITES_UPDATE_FAILED,
  announceToggleResult,
  isToggleData,
  type FavoriteToggleData,
} from '~/lib/favorites';
import { authHref } from '~/lib/auth-dialog';
import { parseFavoriteIntent } from '~/lib/favorite-intent';
import { safeRedirect } from '~/lib/safe-redirect';
import { destroyUserSession, getSessionUser } from '~/lib/session.server';
import { WordPressError, getWordPress } from '~/lib/wordpress/client.server';

// The heart of every car card and the detail page posts here (intent=toggle), and so does the
// guest-favourites merge after sign-in (intent=merge). Two kinds of caller:
//  - a plain form post without JavaScript: answered with a redirect back to the page (or to /login
//    when signed out), so the page reloads with the new state;
//  - fetch callers that send `Accept: application/json` (the clientAction below, the merge hook):
//    answered with JSON and a real status, never a redirect.

const SIGN_IN_MESSAGE = 'Please sign in to use favorites.';
/** A generous bound: WordPress keeps at most a few hundred favourites anyway. */
const MAX_MERGE_IDS = 200;

const carId = z.coerce.number().int().positive().max(2 ** 31 - 1);
const toggleSchema = z.object({ carId, action: z.enum(['add', 'remove']) });
const mergeSchema = z.array(carId).min(1).max(MAX_MERGE_IDS);

function wantsJson(request: Request): boolean {
  return (request.headers.get('Accept') ?? '').includes('application/json');
}

/** Where a plain post returns to: the form's redirectTo, else the page it came from (same site only). */
function backTo(request: Request, form: FormData): string {
  const explicit = form.get('redirectTo');
  if (typeof explicit === 'string' && explicit) return safeRedirect(explicit, '/');
  const referer = request.headers.get('Referer');
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === new URL(request.url).host) return safeRedirect(`${url.pathname}${url.search}`, '/');
    } catch {
      // An unreadable Referer is simply not used.
    }
  }
  return '/';
}

/** The car a signed-out heart post asked to add (a removal has nothing to keep). */
function signedOutIntent(form: FormData): number | null {
  if (form.get('intent') !== 'toggle' || form.get('action') !== 'add') return null;
  return parseFavoriteIntent(form.get('carId'));
}

function failure(message: string, status: number, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return json({ success: false, message, ...extra } satisfies FavoriteToggleData & Record<string, unknown>, { status, headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const asJson = wantsJson(request);
  const back = backTo(request, form);

  const auth = await getSessionUser(request);
  if (!auth) {
    if (asJson) return failure(SIGN_IN_MESSAGE, 401, { signInRequired: true });
    // Not applied while signed out: the sign-in page, which adds the tapped car once signed in.
    return redirect(authHref('login', back, signedOutIntent(form)));
  }

  if (intent === 'toggle') {
    const parsed = toggleSchema.safeParse({ carId: form.get('carId'), action: form.get('action') });
    if (!parsed.success) return asJson ? failure('Car ID is missing.', 400) : redirect(back);
    try {
      const result = await getWordPress().toggleFavorite(auth.token, parsed.data.carId, parsed.data.action);
      if (!asJson) return redirect(back);
      if (!result.success) return failure(result.message || FAVORITES_UPDATE_FAILED, 400);
      return json({ success: true, message: result.message, favorites: result.favorites } satisfies FavoriteToggleData);
    } catch (error) {
      if (!(error instanceof WordPressError)) throw error;
      if (error.status === 401 || error.status === 403) {
        // WordPress no longer accepts the token: end the session so the page shows signed out.
        const headers = { 'Set-Cookie': await destroyUserSession(request) };
        if (!asJson) return redirect(`/login?${new URLSearchParams({ redirectTo: back })}`, { headers });
        return failure(SIGN_IN_MESSAGE, 401, { signInRequired: true }, headers);
      }
      console.warn(`Favourite ${parsed.data.action} of car ${parsed.data.carId} failed: ${error.status} ${error.message}`);
      // WordPress's own words for a refusal (4xx); a network failure or 5xx gets the spec's text.
      const refused = error.status >= 400 && error.status < 500;
      if (!asJson) return redirect(back);
      return failure(refused ? error.message : FAVORITES_UPDATE_FAILED, refused ? error.status : 502);
    }
  }

  if (intent === 'merge') {
    const parsed = mergeSchema.safeParse(form.getAll('ids'));
    if (!parsed.success) return asJson ? failure('No valid car ids to merge.', 400) : redirect(back);
    let favorites: number[] | null = null;
    for (const id of new Set(parsed.data)) {
      try {
        const result = await getWordPress().toggleFavorite(auth.token, id, 'add');
        if (result.success) favorites = result.favorites;
      } catch (error) {
        // A car unpublished or deleted since the guest saved it (404), or a full list (400), is
        // skipped; anything else (WordPress down) fails the merge so the browser keeps its copy.
        if (error instanceof WordPressError && (error.status === 404 || error.status === 400)) continue;
        console.warn('Merging guest favourites failed:', error instanceof Error ? error.message : error);
        return asJson ? failure(FAVORITES_UPDATE_FAILED, 502) : redirect(back);
      }
    }
    if (!asJson) return redirect(back);
    favorites ??= (await getWordPress().favorites(auth.token)).favorites.map((car) => car.id);
    return json({ success: true, message: 'Favorites merged.', favorites } satisfies FavoriteToggleData);
  }

  return asJson ? failure('Unknown request.', 400) : redirect(back);
}

/**
 * With JavaScript, hearts submit through this instead of Remix's own fetch, for two reasons: the
 * server must answer JSON (not the redirect a plain post gets), and a network failure must become
 * the spec's message in the toast rather than an error page. Remix revalidates the page data after
 * it, so the hearts then show WordPress's truth (the rollback on failure).
 */
export async function clientAction({ request }: ClientActionFunctionArgs): Promise<FavoriteToggleData> {
  const result = await sendToggle(request);
  announceToggleResult(result);
  return result;
}

async function sendToggle(request: Request): Promise<FavoriteToggleData> {
  const body = new URLSearchParams();
  for (const [key, value] of await request.formData()) if (typeof value === 'string') body.append(key, value);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch (error) {
    // A superseded toggle (a second tap on the same heart) is aborted: not the visitor's problem.
    if (request.signal.aborted) throw error;
    return { success: false, message: FAVORITES_NETWORK_ERROR, networkError: true };
  }
  // Checked by hand rather than with zod: this runs in the browser, where every kilobyte counts.
  const data: unknown = await response.json().catch(() => null);
  if (isToggleData(data)) {
    const message = typeof data.message === 'string' && data.message ? data.message : data.success ? '' : FAVORITES_UPDATE_FAILED;
    const favorites = Array.isArray(data.favorites) ? data.favorites.filter((id): id is number => typeof id === 'number') : undefined;
    return { success: data.success, message, favorites, ...(data.signInRequired === true ? { signInRequired: true } : {}) };
  }
  // Not the action's JSON (a proxy's error page): the spec's generic message.
  return { success: false, message: FAVORITES_UPDATE_FAILED };
}

/** Someone opening the address itself lands on the page it serves. */
export function loader() {
  return redirect('/favorites');
}
