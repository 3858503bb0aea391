import { Link, useLocation } from '@remix-run/react';
import { COMPARE_MAX, COMPARE_PATH, compareHref, useCompareIds, writeCompareIds } from '~/lib/compare/compare-list';

/**
 * The compare bar: once cars are picked with Compare on the cards, a bar above the bottom edge says
 * how many and links to the comparison. Only in the browser (the selection lives on this device), and
 * not on the compare page itself, which shows the comparison.
 */
export default function CompareTray() {
  const ids = useCompareIds();
  const { pathname } = useLocation();
  if (!ids || ids.length === 0 || pathname === COMPARE_PATH) return null;
  const count = ids.length;

  return (
    <aside
      aria-label="Compare cars"
      className="fixed inset-x-3 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-40 mx-auto flex max-w-xl flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-950 px-4 py-3 text-white shadow-lg md:bottom-4"
      data-testid="compare-tray"
    >
      <p className="text-sm font-medium" aria-live="polite">
        {count} of {COMPARE_MAX} cars picked to compare
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => writeCompareIds([])}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-100 hover:bg-white/10"
        >
          Clear<span className="sr-only"> the compare list</span>
        </button>
        <Link to={compareHref(ids)} className="btn-accent px-4 py-2 text-sm">
          Compare {count > 1 ? `${count} cars` : 'now'}
        </Link>
      </div>
    </aside>
  );
}
