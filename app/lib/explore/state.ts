// The explore page's state, which lives in the query string with these parameters:
// search, bodyType, fuelType, transmission, brand, model, drive, year, minPrice, maxPrice,
// sortBy (default recent), sortOrder (default desc), page (default 1), showAll, includeSold (=1:
// sold cars are listed too; like showAll a view option, not a filter chip).
// Pure and client-safe: the loader parses with it, the panel, chips, sort and pagination build their
// links with it, so the server-rendered links and the client's navigations always agree.
import { snapPriceRange } from '~/lib/explore/price';
import { parseCarSearchParams, TEXT_KEYS } from '~/lib/wordpress/search-params';
import type { CarSearchParams } from '~/lib/wordpress/types';

export const EXPLORE_PATH = '/explore-cars';

/** The single-value filters of the panel's lists, in the panel's order. */
export const LIST_FILTER_KEYS = ['bodyType', 'fuelType', 'transmission', 'brand', 'model', 'drive', 'year'] as const;
export type ListFilterKey = (typeof LIST_FILTER_KEYS)[number];

/**
 * The nine filters: the keyword, the seven lists and the price range (its two
 * bounds are one filter: one chip, cleared together). "Clear All Filters" removes all of them.
 */
export const FILTER_KEYS = ['search', ...LIST_FILTER_KEYS, 'price'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The query-string names those nine filters use. */
export const FILTER_PARAMS = ['search', ...LIST_FILTER_KEYS, 'minPrice', 'maxPrice'] as const;

export type SortBy = 'recent' | 'price';
export type SortOrder = 'asc' | 'desc';

/** The query's filters, plus the sort, page and show-all that always have a value here. */
export type ExploreState = Omit<CarSearchParams, 'limit'> & Required<Pick<CarSearchParams, 'sortBy' | 'sortOrder' | 'page' | 'showAll'>>;

export const DEFAULT_STATE: ExploreState = { sortBy: 'recent', sortOrder: 'desc', page: 1, showAll: false };

/** The sort selector's three options and the parameters each maps to. */
export const SORT_OPTIONS = [
  { value: 'recent-desc', label: 'Most Recent', sortBy: 'recent', sortOrder: 'desc' },
  { value: 'price-asc', label: 'Price: Low to High', sortBy: 'price', sortOrder: 'asc' },
  { value: 'price-desc', label: 'Price: High to Low', sortBy: 'price', sortOrder: 'desc' },
] as const satisfies readonly { value: string; label: string; sortBy: SortBy; sortOrder: SortOrder }[];
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

/**
 * The name the sort <select> submits without JavaScript. A select can only send one value, so the
 * loader reads this alias and redirects to the sortBy/sortOrder pair.
 */
export const SORT_ALIAS_PARAM = 'sort';

/**
 * Reads the state from a query string. Empty and invalid values are ignored (a shared or hand-typed
 * link never breaks the page); bounds given the wrong way round are swapped.
 */
export function parseExploreState(sp: URLSearchParams): ExploreState {
  const { params } = parseCarSearchParams(sp);
  const state: ExploreState = {
    ...DEFAULT_STATE,
    sortBy: params.sortBy ?? DEFAULT_STATE.sortBy,
    sortOrder: params.sortOrder ?? DEFAULT_STATE.sortOrder,
    page: params.page ?? 1,
    showAll: params.showAll ?? false,
  };
  if (params.includeSold) state.includeSold = true;
  for (const key of TEXT_KEYS) {
    // Stryker disable next-line ConditionalExpression: a filter holding undefined is no filter wherever the state is read (serialised, counted, searched)
    if (params[key]) state[key] = params[key];
  }
  // Stryker disable next-line ConditionalExpression: a filter holding undefined is no filter wherever the state is read (serialised, counted, searched)
  if (params.year !== undefined) state.year = params.year;
  // Snapped here, so the chip, the slider and the search all see the same thousands.
  const price = snapPriceRange(params.minPrice, params.maxPrice);
  // Stryker disable next-line ConditionalExpression: a filter holding undefined is no filter wherever the state is read (serialised, counted, searched)
  if (price.minPrice !== undefined) state.minPrice = price.minPrice;
  // Stryker disable next-line ConditionalExpression: a filter holding undefined is no filter wherever the state is read (serialised, counted, searched)
  if (price.maxPrice !== undefined) state.maxPrice = price.maxPrice;

  // The no-JavaScript sort form sends "sort=price-asc"; an explicit sortBy/sortOrder wins.
  const alias = SORT_OPTIONS.find((o) => o.value === sp.get(SORT_ALIAS_PARAM)?.trim());
  if (alias && !params.sortBy && !params.sortOrder) {
    state.sortBy = alias.sortBy;
    state.sortOrder = alias.sortOrder;
  }
  return state;
}

/** The state as a query string (no "?"), defaults and empty values omitted, in a fixed order. */
export function serializeExploreState(state: ExploreState): string {
  const out = new URLSearchParams();
  const text = (name: string, v: string | undefined) => {
    const t = v?.trim();
    if (t) out.set(name, t);
  };
  const num = (name: string, v: number | undefined) => {
    // Stryker disable next-line ConditionalExpression: undefined is not finite either; the check is for the types
    if (v !== undefined && Number.isFinite(v)) out.set(name, String(v));
  };
  for (const key of TEXT_KEYS) text(key, state[key]);
  num('year', state.year);
  num('minPrice', state.minPrice);
  num('maxPrice', state.maxPrice);
  if (state.sortBy !== DEFAULT_STATE.sortBy) out.set('sortBy', state.sortBy);
  if (state.sortOrder !== DEFAULT_STATE.sortOrder) out.set('sortOrder', state.sortOrder);
  if (state.page > 1) out.set('page', String(state.page));
  if (state.showAll) out.set('showAll', 'true');
  if (state.includeSold) out.set('includeSold', '1');
  return out.toString();
}

/** "/explore-cars" or "/explore-cars?bodyType=SUV&page=2". */
export function exploreHref(state: ExploreState): string {
  const qs = serializeExploreState(state);
  return qs ? `${EXPLORE_PATH}?${qs}` : EXPLORE_PATH;
}

/** The state as the WordPress client's search (the page size follows from showAll there). */
export function toSearchParams(state: ExploreState): CarSearchParams {
  const { sortBy, sortOrder, page, showAll, includeSold, ...filters } = state;
  return { ...filters, sortBy, sortOrder, page, ...(showAll ? { showAll: true } : {}), ...(includeSold ? { includeSold: true } : {}) };
}

// ── Transitions. Each returns a new state; any filter, search or sort change
// ── resets the page to 1.

/** Sets (or, with undefined / "", clears) one list filter. */
export function withFilter(state: ExploreState, key: ListFilterKey, value: string | number | undefined): ExploreState {
  const next: ExploreState = { ...state, page: 1 };
  if (key === 'year') {
    // Number() reads undefined as NaN, but the empty "All" choice as 0.
    const year = Number(value);
    if (value === '' || !Number.isInteger(year)) delete next.year;
    else next.year = year;
  } else {
    const text = value === undefined ? '' : String(value).trim();
    if (text) next[key] = text;
    else delete next[key];
  }
  return next;
}

/** The keyword search (Enter or the search button). */
export function withSearch(state: ExploreState, search: string): ExploreState {
  const next: ExploreState = { ...state, page: 1 };
  const text = search.trim();
  if (text) next.search = text;
  else delete next.search;
  return next;
}

/** The price range; an undefined bound is no bound. */
export function withPrice(state: ExploreState, minPrice: number | undefined, maxPrice: number | undefined): ExploreState {
  const next: ExploreState = { ...state, page: 1 };
  delete next.minPrice;
  delete next.maxPrice;
  // Stryker disable next-line ConditionalExpression: a filter holding undefined is no filter wherever the state is read (serialised, counted, searched)
  if (minPrice !== undefined) next.minPrice = minPrice;
  // Stryker disable next-line ConditionalExpression: a filter holding undefined is no filter wherever the state is read (serialised, counted, searched)
  if (maxPrice !== undefined) next.maxPrice = maxPrice;
  return next;
}

export function withSort(state: ExploreState, value: SortValue | string): ExploreState {
  const option = SORT_OPTIONS.find((o) => o.value === value) ?? SORT_OPTIONS[0];
  return { ...state, sortBy: option.sortBy, sortOrder: option.sortOrder, page: 1 };
}

/** The current sort as the selector's value; an unlisted pair (recent/asc) reads as Most Recent. */
export function sortValueOf(state: ExploreState): SortValue {
  return SORT_OPTIONS.find((o) => o.sortBy === state.sortBy && o.sortOrder === state.sortOrder)?.value ?? 'recent-desc';
}

export function withPage(state: ExploreState, page: number): ExploreState {
  return { ...state, page: Math.max(1, Math.trunc(page)) };
}

/** Clear All Filters: the nine filters removed, page 1; sort, showAll and includeSold are kept. */
export function clearAllFilters(state: ExploreState): ExploreState {
  return {
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    page: 1,
    showAll: state.showAll,
    ...(state.includeSold ? { includeSold: true } : {}),
  };
}

/** The "Include sold" checkbox: sold cars listed or not, from page 1. */
export function withIncludeSold(state: ExploreState, includeSold: boolean): ExploreState {
  const next: ExploreState = { ...state, page: 1 };
  if (includeSold) next.includeSold = true;
  else delete next.includeSold;
  return next;
}

/** Removing one chip: that filter cleared (the price chip clears both bounds), page 1. */
export function removeFilter(state: ExploreState, key: FilterKey): ExploreState {
  if (key === 'price') return withPrice(state, undefined, undefined);
  // Stryker disable next-line ConditionalExpression,StringLiteral: withFilter would clear the keyword alike; withSearch is the keyword's own transition
  if (key === 'search') return withSearch(state, '');
  return withFilter(state, key, undefined);
}

export function isFilterActive(state: ExploreState, key: FilterKey): boolean {
  if (key === 'price') return state.minPrice !== undefined || state.maxPrice !== undefined;
  return state[key] !== undefined && state[key] !== '';
}

export function hasActiveFilters(state: ExploreState): boolean {
  return FILTER_KEYS.some((key) => isFilterActive(state, key));
}

export function activeFilterCount(state: ExploreState): number {
  return FILTER_KEYS.filter((key) => isFilterActive(state, key)).length;
}

/** Every query-string name the page reads (the fourteen of the explore state and the sort form's alias). */
export const EXPLORE_PARAM_NAMES: ReadonlySet<string> = new Set([
  ...FILTER_PARAMS,
  'sortBy',
  'sortOrder',
  'page',
  'showAll',
  'includeSold',
  SORT_ALIAS_PARAM,
]);

/**
 * Where to redirect a query string that is not in its clean form: empty values (a GET form's "All"),
 * the sort form's alias, explicit defaults, invalid or untrimmed values. null when it is clean
 * already. Other parameters (utm_source, …) are kept as they were. The comparison ignores order,
 * so the clean form of a clean query is itself and the redirect can never loop.
 */
export function cleanQueryRedirect(sp: URLSearchParams, state: ExploreState): string | null {
  const ours = new URLSearchParams();
  const others = new URLSearchParams();
  for (const [name, value] of sp) {
    if (EXPLORE_PARAM_NAMES.has(name)) ours.append(name, value);
    else if (name !== '_data' && name !== 'index') others.append(name, value);
  }
  const clean = new URLSearchParams(serializeExploreState(state));
  ours.sort();
  const cleanSorted = new URLSearchParams(clean);
  cleanSorted.sort();
  if (ours.toString() === cleanSorted.toString()) return null;
  for (const [name, value] of others) clean.append(name, value);
  const qs = clean.toString();
  return qs ? `${EXPLORE_PATH}?${qs}` : EXPLORE_PATH;
}
