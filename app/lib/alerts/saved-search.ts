// A saved search (an alert of new matches) as the site reads and shows it (used by the loaders, so
// the wording stays out of the pages' JavaScript): the explore page's
// filters taken from a query string (the explore page's own parser, so a saved search is exactly the
// list the buyer was looking at), its default name, its filters in words and its link back to explore.
import { FIELD_RULES } from '~/forms/field-rules';
import { filterChips, optionLabel } from '~/lib/explore/labels';
import { priceRangeLabel } from '~/lib/explore/price';
import { DEFAULT_STATE, exploreHref, FILTER_PARAMS, parseExploreState, type ExploreState } from '~/lib/explore/state';
import type { SavedSearchFilter } from '~/lib/wordpress/types';

export const SEARCH_NAME_MAX = FIELD_RULES.searchName.max;

// The explore page's nine filters, and whether sold cars are included: what a buyer searched for.
const FILTER_NAMES = [...FILTER_PARAMS, 'includeSold'] as const;

/** The filters of an explore query string; its sort, page and view are not part of a search. */
export function filterFromQuery(sp: URLSearchParams): SavedSearchFilter {
  const state = parseExploreState(sp);
  const filter: SavedSearchFilter = {};
  for (const name of FILTER_NAMES) {
    const value = state[name];
    if (value !== undefined && value !== false && value !== '') Object.assign(filter, { [name]: value });
  }
  return filter;
}

function stateOf(filter: SavedSearchFilter): ExploreState {
  return { ...DEFAULT_STATE, ...filter };
}

/** The explore page listing this search's cars. */
export function searchHref(filter: SavedSearchFilter): string {
  return exploreHref(stateOf(filter));
}

/** A name made from the filters: "SUV · BYD · Up to $30,000"; "All cars" without any. */
export function defaultSearchName(filter: SavedSearchFilter): string {
  const parts = [
    filter.bodyType ? optionLabel('bodyType', filter.bodyType) : '',
    filter.brand ?? '',
    filter.model ?? '',
    filter.fuelType ? optionLabel('fuelType', filter.fuelType) : '',
    filter.transmission ? optionLabel('transmission', filter.transmission) : '',
    filter.drive ?? '',
    filter.year ? String(filter.year) : '',
    filter.minPrice !== undefined || filter.maxPrice !== undefined ? priceRangeLabel(filter.minPrice, filter.maxPrice) : '',
    filter.search ? `“${filter.search}”` : '',
  ].filter(Boolean);
  const name = parts.length > 0 ? parts.join(' · ') : 'All cars';
  return name.length > SEARCH_NAME_MAX ? `${name.slice(0, SEARCH_NAME_MAX - 1)}…` : name;
}

/** The filters in words, as the explore page's chips say them: "Body Type: SUV, Brand: BYD". */
export function filterWords(filter: SavedSearchFilter): string {
  const chips = filterChips(stateOf(filter)).map((chip) => `${chip.title}: ${chip.value}`);
  const words = chips.length > 0 ? chips.join(', ') : 'Every car in the catalogue';
  return filter.includeSold ? `${words}, sold cars included` : words;
}
