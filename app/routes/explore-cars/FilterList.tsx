import { useRef, useState } from 'react';
import { FILTER_TITLES, optionLabel } from '~/lib/explore/labels';
import { groupDigits } from '~/lib/wordpress/labels';
import type { ListFilterKey } from '~/lib/explore/state';
import type { FilterOption } from '~/lib/wordpress/types';
import { solidIcon } from '~/components/ui/StrokeIcon';
import { usePicked } from './hooks';

const ChevronDown = solidIcon(
  'M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z',
);

type FilterListProps = {
  name: ListFilterKey;
  /** Every value with its count for the current search (this list's own choice set aside). */
  options: readonly FilterOption[];
  value: string | number | undefined;
  defaultOpen: boolean;
  onSelect: (value: string) => void;
};

/** The keys with which a browser moves the check through a radio group. */
const ARROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * One collapsible list of the panel: a <details> disclosure holding a radio group
 * with "All" first. Radios are real form fields, so the list works inside the GET form without
 * JavaScript; with it, picking an option searches (onSelect).
 *
 * When the search runs: a click or tap searches at once. The arrow keys move the check as in any
 * radio group (a screen reader reads each option as checked), but only the option the visitor
 * settles on is searched for: when they press Space or Enter, or leave the list. Searching on every
 * arrow press would run a search for each option passed over, reload the counts and move the results
 * under the visitor on the way; a native radio group in a form likewise applies its value only when
 * the form is sent.
 */
export function FilterList({ name, options, value, defaultOpen, onSelect }: FilterListProps) {
  // Open state belongs to the visitor after the first render: clearing a filter must not fold
  // the list they are working in.
  const [initiallyOpen] = useState(defaultOpen || value !== undefined);
  const title = FILTER_TITLES[name];
  const [current, pick] = usePicked(value === undefined ? '' : String(value));
  // An option checked with the arrow keys and not searched for yet (null when none waits).
  const waiting = useRef<string | null>(null);
  const arrowed = useRef(false);

  function apply(option: string) {
    waiting.current = null;
    onSelect(option);
  }
  function applyWaiting() {
    // Arrowed back to the option already searched for: nothing to search again.
    if (waiting.current !== null && waiting.current !== (value === undefined ? '' : String(value))) apply(waiting.current);
    waiting.current = null;
  }
  // A value from the query that the catalogue no longer lists still shows, selected (no count).
  const values: { value: string; count?: number }[] = options.slice();
  if (current && !options.some((o) => o.value === current)) values.unshift({ value: current });

  return (
    <details open={initiallyOpen} className="group border-t border-slate-200 py-1" data-filter={name}>
      <summary className="-mx-2 flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-2 py-2.5 text-sm font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span>{title}</span>
        <span className="flex min-w-0 items-center gap-2">
          {current ? <span className="truncate text-xs font-medium text-brand-700">{optionLabel(name, current)}</span> : null}
          <ChevronDown className="h-4 w-4 flex-none text-slate-400 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
        </span>
      </summary>
      <fieldset
        className="pb-2"
        // A pointer picks at once, whatever key was pressed before.
        onPointerDown={() => {
          arrowed.current = false;
        }}
        onBlur={(event) => {
          // Leaving the list (not moving within it) settles on the option checked.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) applyWaiting();
        }}
      >
        <legend className="sr-only">{title}</legend>
        <div className={`space-y-0.5 ${values.length > 8 ? 'max-h-60 overflow-y-auto overscroll-contain pr-1' : ''}`}>
          {[{ value: '' }, ...values].map(({ value: option, count }) => {
            // No car of the current search has this value: listed, but not a choice (unless chosen).
            const unavailable = count === 0 && current !== option;
            return (
              <label key={option || '__all'} className="filter-option">
                <input
                  type="radio"
                  name={name}
                  value={option}
                  checked={current === option}
                  disabled={unavailable}
                  onKeyDown={(event) => {
                    arrowed.current = ARROW_KEYS.has(event.key);
                    if (event.key === 'Enter' || event.key === ' ') {
                      // Enter would send the form (the keyword search); here it confirms the option.
                      if (event.key === 'Enter') event.preventDefault();
                      applyWaiting();
                    }
                  }}
                  onChange={() => {
                    pick(option);
                    if (arrowed.current) {
                      arrowed.current = false;
                      waiting.current = option;
                    } else {
                      apply(option);
                    }
                  }}
                />
                <span>{option === '' ? 'All' : optionLabel(name, option)}</span>
                {/* The space keeps "SUV (2,085)" two words for screen readers; the flex gap spaces it on screen. */}
                {count === undefined ? null : ' '}
                {count === undefined ? null : <span data-count={count}>({groupDigits(count)})</span>}
              </label>
            );
          })}
        </div>
      </fieldset>
    </details>
  );
}
