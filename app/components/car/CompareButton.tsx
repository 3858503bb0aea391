import { useState } from 'react';
import { COMPARE_MAX, compareHref, toggleCompareId, useCompareIds, writeCompareIds } from '~/lib/compare-list';

type CompareButtonProps = { carId: number; title: string; className?: string };

const BASE =
  'inline-flex min-h-[2.75rem] items-center justify-center gap-2 rounded-xl px-3 text-sm font-semibold ring-1 ring-inset transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const OFF = 'bg-white text-brand-800 ring-slate-300 hover:bg-brand-50';
const ON = 'bg-brand-50 text-brand-900 ring-brand-500';

/**
 * "Compare" on a car card. Without JavaScript (and until hydration) a plain link to the compare page
 * with this car; with it, a toggle that adds the car to this device's compare selection (at most
 * four; the compare bar links to the comparison). A fifth car is refused with a message saying why.
 */
export function CompareButton({ carId, title, className = '' }: CompareButtonProps) {
  const ids = useCompareIds();
  const [full, setFull] = useState(false);

  if (ids === null) {
    return (
      <a href={compareHref([carId])} className={`${BASE} ${OFF} ${className}`} data-testid="compare-toggle">
        Compare<span className="sr-only"> {title}</span>
      </a>
    );
  }

  const selected = ids.includes(carId);
  return (
    <div className={`flex flex-col ${className}`}>
      <button
        type="button"
        aria-pressed={selected}
        onClick={() => {
          const next = toggleCompareId(ids, carId);
          setFull(next.full);
          if (!next.full) writeCompareIds(next.ids);
        }}
        className={`${BASE} ${selected ? ON : OFF}`}
        data-testid="compare-toggle"
      >
        <span
          aria-hidden="true"
          className={`flex h-4 w-4 items-center justify-center rounded border ${selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-400'}`}
        >
          {selected ? (
            <svg viewBox="0 0 16 16" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth={2.5}>
              <path d="M3.5 8.5l3 3 6-7" />
            </svg>
          ) : null}
        </span>
        Compare<span className="sr-only"> {title}</span>
      </button>
      <p role="status" className="text-xs text-red-700 empty:hidden">
        {full && !selected ? `Up to ${COMPARE_MAX} cars: remove one from the compare bar first.` : ''}
      </p>
    </div>
  );
}
