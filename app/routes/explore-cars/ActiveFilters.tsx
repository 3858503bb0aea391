import { Link } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { CloseIcon } from '~/components/ui/StrokeIcon';
import { filterChips } from '~/lib/explore/labels';
import { exploreHref, removeFilter, type ExploreState } from '~/lib/explore/state';
import { ClearAllLink } from './ClearAllLink';
import { RESULTS_HEADING_ID, scrollToResults } from './hooks';

/**
 * The chips of the active filters, each with a remove link, and Clear All Filters. Links, not buttons: without JavaScript they are
 * ordinary page loads of the new query.
 */
export function ActiveFilters({ state }: { state: ExploreState }) {
  const chips = filterChips(state);
  const listRef = useRef<HTMLUListElement>(null);
  // Where the focus goes once a removed chip has left the list: the next chip's remove link (or the
  // one before it when the last was removed), or the results' heading when none is left. Without it
  // the focus would fall to the page's start with the link it was on.
  const focusAfter = useRef<string | null>(null);
  const keys = chips.map((chip) => chip.key).join(',');
  useEffect(() => {
    const target = focusAfter.current;
    if (target === null) return;
    focusAfter.current = null;
    const chipLink = target === RESULTS_HEADING_ID ? null : listRef.current?.querySelector<HTMLElement>(`[data-chip="${target}"]`);
    (chipLink ?? document.getElementById(RESULTS_HEADING_ID))?.focus({ preventScroll: true });
  }, [keys]);

  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="active-filters">
      <ul ref={listRef} className="flex flex-wrap gap-2" aria-label="Active filters">
        {chips.map((chip) => (
          <li
            key={chip.key}
            data-testid="filter-chip"
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-900"
          >
            <span className="truncate">
              <span className="text-brand-700">{chip.title}:</span> {chip.value}
            </span>
            <Link
              to={exploreHref(removeFilter(state, chip.key))}
              preventScrollReset
              data-chip={chip.key}
              onClick={() => {
                const index = chips.indexOf(chip);
                focusAfter.current = (chips[index + 1] ?? chips[index - 1])?.key ?? RESULTS_HEADING_ID;
                scrollToResults();
              }}
              className="inline-flex h-6 w-6 flex-none items-center justify-center rounded-full text-brand-700 transition-colors hover:bg-brand-200 hover:text-brand-950"
              aria-label={`Remove filter ${chip.title}: ${chip.value}`}
            >
              <CloseIcon className="h-4 w-4" />
            </Link>
          </li>
        ))}
      </ul>
      <ClearAllLink state={state} />
    </div>
  );
}
