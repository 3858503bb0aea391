import { Link } from '@remix-run/react';
import { useState } from 'react';
import { COMPARE_MAX, compareHref, toggleCompareId, useCompareIds, writeCompareIds } from '~/lib/compare/compare-list';

type CompareToggleProps = { carId: number; title: string; className?: string };

/**
 * The hydrated "Compare": a toggle that adds the car to this device's compare selection (at most
 * four; the compare bar links to the comparison). A fifth car is refused with a message saying why.
 */
export default function CompareToggle({ carId, title, className = '' }: CompareToggleProps) {
  const ids = useCompareIds();
  const [full, setFull] = useState(false);

  // Never rendered by the server, so the stored list is always there; null only without storage.
  if (ids === null) return null;

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
        className="btn-compare"
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
        {full && !selected ? (
          <>
            Up to {COMPARE_MAX} cars:{' '}
            <Link to={compareHref(ids)} className="font-semibold underline">
              compare them
            </Link>{' '}
            or remove one first.
          </>
        ) : null}
      </p>
    </div>
  );
}
