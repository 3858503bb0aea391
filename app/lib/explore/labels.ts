// How the explore page names its filters: list headings, chip texts, the page title and canonical.
import { bodyTypeLabel, fuelTypeLabel, groupDigits, transmissionLabel } from '~/lib/wordpress/labels';
import { priceRangeLabel } from './price';
import {
  EXPLORE_PATH,
  FILTER_KEYS,
  isFilterActive,
  serializeExploreState,
  type ExploreState,
  type FilterKey,
  type ListFilterKey,
} from './state';

export const FILTER_TITLES: Record<FilterKey, string> = {
  search: 'Keyword',
  bodyType: 'Body Type',
  fuelType: 'Fuel Type',
  transmission: 'Transmission',
  brand: 'Brand',
  model: 'Model',
  drive: 'Drive Type',
  year: 'Year',
  price: 'Price',
};

/** The display text of one list value ("premium-petrol" → "Premium Petrol"). */
export function optionLabel(key: ListFilterKey, value: string | number): string {
  const v = String(value);
  if (key === 'fuelType') return fuelTypeLabel(v);
  if (key === 'transmission') return transmissionLabel(v);
  // Stryker disable next-line ConditionalExpression: the other lists' values arrive trimmed, and a body type's label is the value trimmed
  if (key === 'bodyType') return bodyTypeLabel(v);
  return v;
}

export type FilterChip = { key: FilterKey; title: string; value: string };

/** One chip per active filter, in the panel's order; the price bounds share one chip. */
export function filterChips(state: ExploreState): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const key of FILTER_KEYS) {
    if (!isFilterActive(state, key)) continue;
    let value: string;
    if (key === 'price') value = priceRangeLabel(state.minPrice, state.maxPrice);
    else if (key === 'search') value = `“${state.search}”`;
    else value = optionLabel(key, state[key]!);
    chips.push({ key, title: FILTER_TITLES[key], value });
  }
  return chips;
}

/**
 * The page's own title for crawlers and tabs: "SUV cars for export", "2024 BYD Electric cars for
 * export", "Cars matching “seal”"; "Explore Cars" without filters. Page 2+ says so.
 */
export function exploreTitle(state: ExploreState): string {
  const words = [
    state.year ? String(state.year) : '',
    state.brand ?? '',
    state.model ?? '',
    state.fuelType ? fuelTypeLabel(state.fuelType) : '',
    state.bodyType ? bodyTypeLabel(state.bodyType) : '',
    state.drive ?? '',
    state.transmission ? transmissionLabel(state.transmission) : '',
  ].filter(Boolean);
  let title = words.length > 0 ? `${words.join(' ')} cars for export` : 'Explore Cars';
  if (state.search) title = words.length > 0 ? `${title} matching “${state.search}”` : `Cars matching “${state.search}”`;
  if (state.minPrice !== undefined || state.maxPrice !== undefined) {
    title = `${title} (${priceRangeLabel(state.minPrice, state.maxPrice)})`;
  }
  return state.page > 1 ? `${title} – Page ${state.page}` : title;
}

export function exploreDescription(state: ExploreState, total: number | null): string {
  const count = total === null ? 'Quality new and used cars' : `${groupDigits(total)} cars`;
  return `${count} from China, ready for export worldwide. Filter by body type, fuel, brand, model, year and price, and contact our export team.`;
}

/** The canonical path: the filters and the page, without sort order or show-all. */
export function canonicalPath(state: ExploreState): string {
  const qs = serializeExploreState({ ...state, sortBy: 'recent', sortOrder: 'desc', showAll: false });
  return qs ? `${EXPLORE_PATH}?${qs}` : EXPLORE_PATH;
}
