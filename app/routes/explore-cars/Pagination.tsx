import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { paginationModel } from '~/lib/explore/pagination';
import { exploreHref, withPage, type ExploreState } from '~/lib/explore/state';
import { solidIcon } from '~/components/ui/StrokeIcon';
import { scrollToResults } from './hooks';

const BOX = 'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-1.5 text-sm font-semibold sm:h-10 sm:min-w-10 sm:px-2.5';
/** Last Page and Next Page: words with an arrow, the same height as the numbers. */
const STEP_BOX = 'inline-flex h-9 items-center gap-1 rounded-lg px-3 text-sm font-semibold sm:h-10';

const ChevronLeft = solidIcon(
  'M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z',
);

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return <ChevronLeft className={`h-4 w-4 ${direction === 'right' ? 'rotate-180' : ''}`} />;
}

type StepProps = { state: ExploreState; page: number | null; label: string; rel: 'prev' | 'next'; children: ReactNode };

function Step({ state, page, label, rel, children }: StepProps) {
  if (page === null) {
    // A link cannot be disabled: at the ends it is plain text, marked disabled for assistive technology.
    return (
      <span
        aria-disabled="true"
        role="link"
        aria-label={label}
        className={`${STEP_BOX} cursor-not-allowed border border-slate-200 text-slate-400`}
      >
        {children}
      </span>
    );
  }
  return (
    <Link
      to={exploreHref(withPage(state, page))}
      preventScrollReset
      onClick={scrollToResults}
      aria-label={label}
      rel={rel}
      className={`${STEP_BOX} border border-slate-300 bg-white text-slate-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-900`}
    >
      {children}
    </Link>
  );
}

/**
 * "Last Page" (the exact words buyers see, for the page before this one), at most
 * seven numbered pages in a window that shifts near the start and the end, Next Page. Links, so
 * paging works without JavaScript and crawlers reach every page.
 */
export function Pagination({ state, totalPages }: { state: ExploreState; totalPages: number }) {
  if (totalPages <= 1) return null;
  const model = paginationModel(state.page, totalPages);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-x-3 gap-y-3 sm:gap-1.5">
      {/* "Last Page" is the page before; the spoken name says so, as "last" alone
          would read as the final page. It starts with the visible words (WCAG label in name). */}
      <Step state={state} page={model.previous} label="Last Page (the previous page)" rel="prev">
        <Arrow direction="left" />
        Last Page
      </Step>
      {/* Phones: the numbers on a row of their own above the two words, which then fit side by side. */}
      <ul className="order-first flex w-full items-center justify-center gap-0.5 sm:order-none sm:w-auto sm:gap-1.5">
        {model.pages.map((page) => (
          <li key={page}>
            <Link
              to={exploreHref(withPage(state, page))}
              preventScrollReset
              onClick={scrollToResults}
              aria-label={`Page ${page}`}
              aria-current={page === model.current ? 'page' : undefined}
              className={`${BOX} ${
                page === model.current
                  ? 'bg-brand-700 text-white hover:bg-brand-800'
                  : 'text-slate-700 hover:bg-brand-50 hover:text-brand-900'
              }`}
            >
              {page}
            </Link>
          </li>
        ))}
      </ul>
      <Step state={state} page={model.next} label="Next Page" rel="next">
        Next Page
        <Arrow direction="right" />
      </Step>
    </nav>
  );
}
