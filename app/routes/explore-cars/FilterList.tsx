import { useState } from 'react';
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

/**
 * One collapsible list of the panel: a <details> disclosure holding a radio group
 * with "All" first. Radios are real form fields, so the list works inside the GET form without
 * JavaScript; with it, picking an option searches at once (onSelect).
 */
export function FilterList({ name, options, value, defaultOpen, onSelect }: FilterListProps) {
  // Open state belongs to the visitor after the first render: clearing a filter must not fold
  // the list they are working in.
  const [initiallyOpen] = useState(defaultOpen || value !== undefined);
  const title = FILTER_TITLES[name];
  const [current, pick] = usePicked(value === undefined ? '' : String(value));
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
      <fieldset className="pb-2">
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
                  onChange={() => {
                    pick(option);
                    onSelect(option);
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
