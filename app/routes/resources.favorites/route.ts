import { redirect } from '@remix-run/node';
import type { ClientActionFunctionArgs } from '@remix-run/react';
import {
  FAVORITES_NETWORK_ERROR,
  FAVORITES_UPDATE_FAILED,
  announceToggleResult,
  isToggleData,
  type FavoriteToggleData,
} from '~/lib/favorites/toggle';
import { favoritesAction } from './favorites-action.server';

// The heart of every car card and the detail page posts here (intent=toggle), and so does the
// guest-favourites merge after sign-in (intent=merge). Two kinds of caller:
//  - a plain form post without JavaScript: answered with a redirect back to the page (or to /login
//    when signed out), so the page reloads with the new state;
//  - fetch callers that send `Accept: application/json` (the clientAction below, the merge hook):
//    answered with JSON and a real status, never a redirect.

export const action = favoritesAction;

/**
 * With JavaScript, hearts submit through this instead of Remix's own fetch, for two reasons: the
 * server must answer JSON (not the redirect a plain post gets), and a network failure must become
 * "Network error while updating favorites" in the toast rather than an error page. Remix revalidates the page data after
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
  // Not the action's JSON (a proxy's error page): the generic "Failed to update favorites".
  return { success: false, message: FAVORITES_UPDATE_FAILED };
}

/** Someone opening the address itself lands on the page it serves. */
export function loader() {
  return redirect('/favorites');
}
