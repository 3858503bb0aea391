// The explore page's loader: the results, the filter options with their counts and the visitor's port
// for any query. One server module for the route: each *.server module a route imports is an empty
// module in the browser build, and one shared by several routes becomes a tiny chunk of its own that
// the page would download for nothing.
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { cacheHeaders, pagePolicy } from '~/lib/http/cache-headers.server';
import { failedPageInit } from '~/lib/wordpress/failure.server';
import { pageBeyondEnd } from '~/lib/explore/pagination';
import { normalizePriceFilter, priceBounds } from '~/lib/explore/price';
import { cleanQueryRedirect, exploreHref, parseExploreState, toSearchParams, type ExploreState } from '~/lib/explore/state';
import { WordPressError } from '~/lib/wordpress/client.server';
import type { CarListResult, FilterFacets, Port } from '~/lib/wordpress/types';
import { wordpressOf } from '~/lib/server/load-context.server';
import { findPort, shipToFromCookie } from '~/lib/shipping/ship-to.server';
import { SUBMIT_ON_CHANGE_SCRIPT } from '~/lib/page/early-scripts.server';
import { LIST_FAILED } from './ResultStates';

/** Cache-Control from the loader's policy (none when it sets a cookie), Vary: Cookie, Retry-After. */
export { pageHeaders as headers } from '~/lib/http/cache-headers.server';

function listErrorMessage(error: unknown): string {
  // A network failure or time-out has no server message to show.
  if (error instanceof WordPressError && error.status !== 0 && error.message) return error.message;
  return LIST_FAILED;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const requested = parseExploreState(url.searchParams);
  const wordpress = wordpressOf(context);
  // The destination port the visitor chose on a car page: cards then show the price to it too.
  const shipChoice = shipToFromCookie(request);
  // In parallel: the results, and the lists with each option's count for the same search (one
  // cached entry per set of filters, shared by its pages and sort orders).
  const params = toSearchParams(requested);
  const [search, options, ports] = await Promise.allSettled([
    wordpress.searchCars(params),
    wordpress.filterFacets(params),
    shipChoice ? wordpress.ports() : Promise.resolve([] as Port[]),
  ]);
  // Without the ports the cards simply show no "to <port>" line; the list itself is unaffected.
  const port = ports.status === 'fulfilled' ? findPort(ports.value, shipChoice) : null;
  const shipTo = port && shipChoice ? { port, method: shipChoice.method } : null;

  let filters: FilterFacets | null = null;
  if (options.status === 'fulfilled') filters = options.value;
  // A failure of the filter options is only logged; the panel shows what it has.
  else
    console.error(
      'Explore: filter options could not be loaded:',
      options.reason instanceof Error ? options.reason.message : options.reason,
    );

  const bounds = priceBounds(filters?.priceRange);
  const state: ExploreState = { ...requested };
  if (filters) {
    // The GET form (no JavaScript) always sends both handles: ends of the slider are no bound.
    const price = normalizePriceFilter(requested.minPrice, requested.maxPrice, bounds);
    delete state.minPrice;
    delete state.maxPrice;
    if (price.minPrice !== undefined) state.minPrice = price.minPrice;
    if (price.maxPrice !== undefined) state.maxPrice = price.maxPrice;
  }

  // Form submissions and hand-edited links land on the clean query string.
  const clean = cleanQueryRedirect(url.searchParams, state);
  if (clean) throw redirect(clean);

  if (search.status === 'rejected') {
    console.error('Explore: cars could not be loaded:', search.reason instanceof Error ? search.reason.message : search.reason);
    const result: CarListResult = { cars: [], total: 0, page: state.page, limit: 0, totalPages: 0 };
    // The error panel with Retry; never cached, so Retry really asks again.
    return json(
      { state, result, filters, bounds, shipTo, early: SUBMIT_ON_CHANGE_SCRIPT, error: listErrorMessage(search.reason) },
      failedPageInit(search.reason),
    );
  }

  // Past the last page (page=7 of 6): the last page's own address, with every other choice kept.
  const lastPage = pageBeyondEnd(state.page, search.value.totalPages);
  if (lastPage !== null) throw redirect(exploreHref({ ...state, page: lastPage }));

  // The chosen port shows on every card, so such a page is the visitor's own.
  return json(
    { state, result: search.value, filters, bounds, shipTo, early: SUBMIT_ON_CHANGE_SCRIPT, error: null as string | null },
    { headers: cacheHeaders(pagePolicy(request, { personal: Boolean(shipChoice) })) },
  );
}
