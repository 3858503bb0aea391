// The favourites action (server only, so its checks and the WordPress client stay off the heart's
// browser chunk). The heart of every car card and the detail page posts here (intent=toggle), and so does the
// guest-favourites merge after sign-in (intent=merge). Two kinds of caller:
//  - a plain form post without JavaScript: answered with a redirect back to the page (or to /login
//    when signed out), so the page reloads with the new state;
//  - fetch callers that send `Accept: application/json` (the clientAction below, the merge hook):
//    answered with JSON and a real status, never a redirect.

import { json, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { parseCarId } from '~/forms/car-id';
import { FAVORITES_UPDATE_FAILED, type FavoriteToggleData } from '~/lib/favorites/toggle';
import { authHref } from '~/lib/auth/auth-dialog';
import { parseFavoriteIntent } from '~/lib/favorites/intent.server';
import { safeRedirect } from '~/lib/auth/safe-redirect';
import { destroyUserSession, endSessionAndSignIn, getSessionUser, isSessionEnded } from '~/lib/auth/session.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { WordPressError } from '~/lib/wordpress/client.server';
import { failureFor } from '~/lib/wordpress/failure.server';

const SIGN_IN_MESSAGE = 'Please sign in to use favorites.';
/** A generous bound: WordPress keeps at most a few hundred favourites anyway. */
const MAX_MERGE_IDS = 200;

type Toggle = { carId: number; action: 'add' | 'remove' };

function readToggle(form: FormData): Toggle | null {
  const carId = parseCarId(form.get('carId'));
  const action = form.get('action');
  return carId !== null && (action === 'add' || action === 'remove') ? { carId, action } : null;
}

/** The guest's ids: 1 to MAX_MERGE_IDS car ids, all valid, else null. */
function readMergeIds(form: FormData): number[] | null {
  const ids = form.getAll('ids').map(parseCarId);
  if (ids.length === 0 || ids.length > MAX_MERGE_IDS || ids.some((id) => id === null)) return null;
  return ids as number[];
}

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

export async function favoritesAction({ request, context }: ActionFunctionArgs) {
  const wordpress = wordpressOf(context);
  const form = await request.formData();
  const intent = form.get('intent');
  const asJson = wantsJson(request);
  const back = backTo(request, form);

  const auth = await getSessionUser(request, context);
  if (!auth) {
    if (asJson) return failure(SIGN_IN_MESSAGE, 401, { signInRequired: true });
    // Not applied while signed out: the sign-in page, which adds the tapped car once signed in.
    return redirect(authHref('login', back, signedOutIntent(form)));
  }

  if (intent === 'toggle') {
    const parsed = readToggle(form);
    if (!parsed) return asJson ? failure('Car ID is missing.', 400) : redirect(back);
    try {
      const result = await wordpress.toggleFavorite(auth.token, parsed.carId, parsed.action);
      if (!asJson) return redirect(back);
      if (!result.success) return failure(result.message || FAVORITES_UPDATE_FAILED, 400);
      return json({ success: true, message: result.message, favorites: result.favorites } satisfies FavoriteToggleData);
    } catch (error) {
      if (!(error instanceof WordPressError)) throw error;
      if (isSessionEnded(error)) {
        // WordPress no longer accepts the token: end the session so the page shows signed out, and
        // without JavaScript say so on the sign-in page, as every page that finds the session over does.
        if (!asJson) return endSessionAndSignIn(request, {}, back);
        return failure(SIGN_IN_MESSAGE, 401, { signInRequired: true }, { 'Set-Cookie': await destroyUserSession(request) });
      }
      console.warn(`Favourite ${parsed.action} of car ${parsed.carId} failed: ${error.status} ${error.message}`);
      if (!asJson) return redirect(back);
      const { message, status } = failureFor(error, FAVORITES_UPDATE_FAILED);
      return failure(message, status);
    }
  }

  if (intent === 'merge') {
    const ids = readMergeIds(form);
    if (!ids) return asJson ? failure('No valid car ids to merge.', 400) : redirect(back);
    let favorites: number[] | null = null;
    for (const id of new Set(ids)) {
      try {
        const result = await wordpress.toggleFavorite(auth.token, id, 'add');
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
    favorites ??= await wordpress.favoriteIds(auth.token);
    return json({ success: true, message: 'Favorites merged.', favorites } satisfies FavoriteToggleData);
  }

  return asJson ? failure('Unknown request.', 400) : redirect(back);
}
