import { Form } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FALLBACK_BOUNDS, type PriceBounds } from '~/lib/explore/price';
import {
  EXPLORE_PATH,
  withFilter,
  withIncludeSold,
  withPrice,
  withSearch,
  type ExploreState,
  type ListFilterKey,
} from '~/lib/explore/state';
import type { FilterFacets, FilterOption } from '~/lib/wordpress/types';
import { priceLabel } from '~/lib/wordpress/labels';
import { FilterList } from './FilterList';
import { PriceRange } from './PriceRange';
import { useHydrated } from './hooks';
import { solidIcon } from '~/components/ui/StrokeIcon';

const SearchIcon = solidIcon(
  'M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z',
);

/** Typing in the keyword box holds off syncing it from the URL for 2 s. */
export const SEARCH_TYPING_GUARD_MS = 2000;

const LISTS: { key: ListFilterKey; options: (f: FilterFacets) => readonly FilterOption[]; open: boolean }[] = [
  { key: 'bodyType', options: (f) => f.bodyTypes, open: true },
  { key: 'fuelType', options: (f) => f.fuelTypes, open: true },
  { key: 'transmission', options: (f) => f.transmissions, open: false },
  { key: 'brand', options: (f) => f.brands, open: true },
  { key: 'model', options: (f) => f.models, open: false },
  { key: 'drive', options: (f) => f.driveTypes, open: false },
  { key: 'year', options: (f) => f.years, open: false },
];

type FilterPanelProps = {
  /** The state the controls show (the pending one while a search loads). */
  state: ExploreState;
  /** The lists with each option's count for the shown search; null when they could not be loaded (the lists are then empty). */
  options: FilterFacets | null;
  /** The slider's span; without one (the page's data never arrived), the default span. */
  bounds?: PriceBounds;
  onNavigate: (next: ExploreState) => void;
};

/**
 * The filter panel: one GET form to /explore-cars with the keyword, the price range and the seven
 * lists. Without JavaScript the visitor picks and presses "Apply filters" (the loader reads the form
 * and redirects to the clean query string). With JavaScript every list and the slider search as soon
 * as they change, and the keyword on Enter or the search button only.
 */
export function FilterPanel({ state, options, bounds = FALLBACK_BOUNDS, onNavigate }: FilterPanelProps) {
  const id = useId();
  const [search, setSearch] = useState(state.search ?? '');
  const lastTyped = useRef(0);

  // The keyword box follows the URL (a removed chip, Clear All, Back), except while the visitor is
  // typing: for 2 s after a key press it keeps what they typed (the typing guard).
  useEffect(() => {
    if (Date.now() - lastTyped.current < SEARCH_TYPING_GUARD_MS) return;
    setSearch(state.search ?? '');
  }, [state.search]);

  const live = useHydrated();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript the form only runs the keyword search; the lists and the slider have already
    // searched on change, and typed-but-unsubmitted text elsewhere must not sneak in.
    event.preventDefault();
    lastTyped.current = 0;
    onNavigate(withSearch(state, search));
  }

  return (
    <Form
      method="get"
      action={EXPLORE_PATH}
      onSubmit={onSubmit}
      aria-label="Filter cars"
      className="space-y-6"
      // Until React handles a list's change (its code may still be on the way), the page's early
      // script submits the whole form on change, as Apply filters does without JavaScript.
      data-submit-on-change=""
      data-live={live ? '' : undefined}
    >
      {/* Sort and show-all travel with the filters; the page does not (any change starts at page 1). */}
      {state.sortBy !== 'recent' ? <input type="hidden" name="sortBy" value={state.sortBy} /> : null}
      {state.sortOrder !== 'desc' ? <input type="hidden" name="sortOrder" value={state.sortOrder} /> : null}
      {state.showAll ? <input type="hidden" name="showAll" value="true" /> : null}

      <div>
        <label htmlFor={`${id}-search`} className="mb-2 block text-sm font-semibold text-slate-900">
          Keyword
        </label>
        <div className="flex rounded-lg shadow-sm">
          <input
            id={`${id}-search`}
            type="search"
            name="search"
            value={search}
            onChange={(e) => {
              lastTyped.current = Date.now();
              setSearch(e.target.value);
            }}
            placeholder="Brand, model, keyword…"
            enterKeyHint="search"
            maxLength={200}
            className="field-input min-w-0 flex-1 rounded-r-none"
          />
          <button
            type="submit"
            className="inline-flex items-center justify-center rounded-r-lg bg-brand-700 px-3.5 text-white transition-colors hover:bg-brand-800"
          >
            <SearchIcon />
            <span className="sr-only">Search</span>
          </button>
        </div>
      </div>

      <PriceRange
        bounds={bounds}
        minPrice={state.minPrice}
        maxPrice={state.maxPrice}
        onCommit={(min, max) => onNavigate(withPrice(state, min, max))}
      />
      {/* Where the prices of this search lie (its own price bounds set aside), when that narrows the slider's span. */}
      {options &&
      options.matchingPriceRange.max > 0 &&
      (options.matchingPriceRange.min > bounds.min || options.matchingPriceRange.max < bounds.max) ? (
        <p className="-mt-4 text-xs text-slate-500" data-testid="matching-prices">
          Cars in this search: {priceLabel(options.matchingPriceRange.min)} – {priceLabel(options.matchingPriceRange.max)}
        </p>
      ) : null}

      {/* Sold cars keep their pages but leave the list unless asked for (includeSold=1). */}
      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-semibold text-slate-900">
        <input
          type="checkbox"
          name="includeSold"
          value="1"
          checked={state.includeSold === true}
          onChange={(e) => onNavigate(withIncludeSold(state, e.target.checked))}
          className="h-4 w-4 rounded border-slate-300 accent-brand-700"
          data-testid="include-sold"
        />
        Include sold cars
      </label>

      <div className="border-b border-slate-200">
        {LISTS.map((list) => (
          <FilterList
            key={list.key}
            name={list.key}
            options={options ? list.options(options) : []}
            value={state[list.key]}
            defaultOpen={list.open}
            onSelect={(value) => onNavigate(withFilter(state, list.key, value))}
          />
        ))}
      </div>

      {/* Only without JavaScript: with it, every control applies itself. */}
      <noscript>
        <button type="submit" className="btn-primary w-full">
          Apply filters
        </button>
      </noscript>
    </Form>
  );
}
