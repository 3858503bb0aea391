// The saved-search pages' loaders and actions: /account/alerts/new (name and save the explore
// filters), /account/alerts (list, rename, pause/resume, delete) and /alerts/unsubscribe (the alert
// mail's one-click stop). All of them are per person: never stored by any cache.
import { json, redirect, type AppLoadContext } from '@remix-run/node';
import { authHref } from '~/lib/auth/auth-dialog';
import { endSessionAndSignIn, readSession, type UserSession } from '~/lib/auth/session.server';
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { failedPageInit, failureFor, failureInit } from '~/lib/wordpress/failure.server';
import type { SavedSearch, SavedSearchFilter } from '~/lib/wordpress/types';
import { ALERTS_PATH } from './paths';
import { defaultSearchName, filterFromQuery, filterWords, SEARCH_NAME_MAX, searchHref } from './saved-search';

const noStore = () => cacheHeaders('none');

/**
 * The signed-in buyer, or a redirect to sign in that comes back to this very address (saying the
 * session ended when the visitor was signed in until now).
 */
async function requireBuyer(request: Request, context: AppLoadContext): Promise<UserSession> {
  const { auth, ended } = await readSession(request, context);
  if (ended) throw await endSessionAndSignIn(request, noStore());
  if (auth) return auth;
  const url = new URL(request.url);
  throw redirect(authHref('login', `${url.pathname}${url.search}`), { headers: noStore() });
}

/** A name as typed, or the sentence saying what is wrong with it. */
function checkName(raw: FormDataEntryValue | null): { name: string } | { error: string } {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name === '') return { error: 'Please give the search a name.' };
  if (name.length > SEARCH_NAME_MAX) return { error: `The name must be at most ${SEARCH_NAME_MAX} characters long.` };
  return { name };
}

/** The naming page: the filters in words, the explore list they come from, the name and its limit. */
export type NewAlertData = { words: string; back: string; name: string; nameMax: number; error: string | null };

function newAlertData(filter: SavedSearchFilter, name: string, error: string | null): NewAlertData {
  return { words: filterWords(filter), back: searchHref(filter), name, nameMax: SEARCH_NAME_MAX, error };
}

export async function newAlertLoader(request: Request, context: AppLoadContext) {
  await requireBuyer(request, context);
  const filter = filterFromQuery(new URL(request.url).searchParams);
  return json(newAlertData(filter, defaultSearchName(filter), null), { headers: noStore() });
}

/** Saves the filters of the page's own query string under the typed name, then shows the list. */
export async function newAlertAction(request: Request, context: AppLoadContext) {
  const auth = await requireBuyer(request, context);
  const filter = filterFromQuery(new URL(request.url).searchParams);
  const form = await request.formData();
  const typed = typeof form.get('name') === 'string' ? String(form.get('name')) : '';
  const checked = checkName(form.get('name'));
  if ('error' in checked) return json(newAlertData(filter, typed, checked.error), { status: 400, headers: noStore() });
  try {
    await wordpressOf(context).saveSearch(auth.token, checked.name, filter);
  } catch (error) {
    // The typed name stays in the form whatever went wrong.
    const failure = failureFor(error, 'Your search could not be saved right now. Please try again.');
    return json(newAlertData(filter, typed, failure.message), failureInit(failure));
  }
  return redirect(`${ALERTS_PATH}?saved=1`, { headers: noStore() });
}

/** A saved search as the list shows it: with its filters in words and its explore link. */
export type ShownSearch = SavedSearch & { words: string; href: string };
export type AlertsData = { searches: ShownSearch[]; max: number; nameMax: number; error: string | null; saved: boolean };

const shown = (search: SavedSearch): ShownSearch => ({ ...search, words: filterWords(search.filter), href: searchHref(search.filter) });

export async function alertsLoader(request: Request, context: AppLoadContext) {
  const auth = await requireBuyer(request, context);
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  try {
    const list = await wordpressOf(context).savedSearches(auth.token);
    return json<AlertsData>(
      { searches: list.searches.map(shown), max: list.max, nameMax: SEARCH_NAME_MAX, error: null, saved },
      { headers: noStore() },
    );
  } catch (error) {
    console.error('Saved searches could not be loaded:', error instanceof Error ? error.message : error);
    return json<AlertsData>(
      {
        searches: [],
        max: 0,
        nameMax: SEARCH_NAME_MAX,
        error: 'Your saved searches could not be loaded right now. Please try again.',
        saved: false,
      },
      failedPageInit(error),
    );
  }
}

export type AlertsActionData = { id: number; error: string | null; message: string | null };

/** One change to one saved search: intent rename (with name), pause, resume or delete. */
export async function alertsAction(request: Request, context: AppLoadContext) {
  const auth = await requireBuyer(request, context);
  const form = await request.formData();
  const id = Number(form.get('id'));
  const intent = form.get('intent');
  const answer = (status: number, error: string | null, message: string | null = null) =>
    json<AlertsActionData>({ id, error, message }, { status, headers: noStore() });
  if (!Number.isInteger(id) || id <= 0) return answer(400, 'That saved search could not be found.');
  const wp = wordpressOf(context);
  try {
    if (intent === 'rename') {
      const checked = checkName(form.get('name'));
      if ('error' in checked) return answer(400, checked.error);
      return answer(200, null, (await wp.updateSavedSearch(auth.token, id, { name: checked.name })).message);
    }
    if (intent === 'pause' || intent === 'resume') {
      return answer(200, null, (await wp.updateSavedSearch(auth.token, id, { paused: intent === 'pause' })).message);
    }
    if (intent === 'delete') return answer(200, null, (await wp.deleteSavedSearch(auth.token, id)).message);
  } catch (error) {
    const failure = failureFor(error, 'Your change could not be saved right now. Please try again.');
    return json<AlertsActionData>({ id, error: failure.message, message: null }, failureInit(failure));
  }
  return answer(400, 'Unknown action.');
}

export type UnsubscribeData = { user: number; token: string; done: boolean; error: string | null };

function unsubscribeParams(request: Request): { user: number; token: string } {
  const sp = new URL(request.url).searchParams;
  const user = Number(sp.get('user'));
  return { user: Number.isInteger(user) && user > 0 ? user : 0, token: (sp.get('token') ?? '').slice(0, 64) };
}

/** The mail's link opened in a browser: a page with one button (a link scanner never unsubscribes). */
export function unsubscribeLoader(request: Request) {
  const { user, token } = unsubscribeParams(request);
  return json<UnsubscribeData>({ user, token, done: false, error: null }, { headers: noStore() });
}

/**
 * The button's post, and the mail program's one-click post (RFC 8058: "List-Unsubscribe=One-Click"
 * to the same address): no sign-in, the signed token in the address decides.
 */
export async function unsubscribeAction(request: Request, context: AppLoadContext) {
  const { user, token } = unsubscribeParams(request);
  if (user === 0 || token === '') {
    return json<UnsubscribeData>(
      { user, token, done: false, error: 'This unsubscribe link is not complete.' },
      { status: 400, headers: noStore() },
    );
  }
  try {
    await wordpressOf(context).unsubscribeAlerts(user, token);
    return json<UnsubscribeData>({ user, token, done: true, error: null }, { headers: noStore() });
  } catch (error) {
    const failure = failureFor(error, 'Your alerts could not be stopped right now. Please try again.');
    return json<UnsubscribeData>({ user, token, done: false, error: failure.message }, failureInit(failure));
  }
}
