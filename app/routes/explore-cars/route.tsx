// /explore-cars: the catalogue with its filter panel, chips,
// sort, grid/list view, skeletons, error panel, empty state and pagination. The state is the query
// string (lib/explore/state.ts); the loader renders the results for any query on the server.
import type { MetaFunction } from '@remix-run/node';
import { NavigationType, useBlocker, useLoaderData, useLocation, useRevalidator, type ShouldRevalidateFunction } from '@remix-run/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CarCard } from '~/components/car/CarCard';
import { solidIcon } from '~/components/ui/StrokeIcon';
import { ClearAllLink } from '~/routes/explore-cars/ClearAllLink';
import { RESULTS_HEADING_ID, RESULTS_ID, useExploreNavigate, useHydrated, useShownState } from '~/routes/explore-cars/hooks';
import { GRID_CLASS, LIST_CLASS, LIST_FAILED, NoCarsFound, ResultsError } from '~/routes/explore-cars/ResultStates';
import { SortSelect } from '~/routes/explore-cars/SortSelect';
import { useExploreView, ViewToggle } from '~/routes/explore-cars/ViewToggle';
import { canonicalPath, exploreDescription, exploreTitle } from '~/lib/explore/labels';
import {
  activeFilterCount,
  DEFAULT_STATE,
  EXPLORE_PATH,
  exploreHref,
  hasActiveFilters,
  parseExploreState,
  type ExploreState,
} from '~/lib/explore/state';
import { groupDigits } from '~/lib/wordpress/labels';
import { imageHints, pageMeta } from '~/lib/seo/meta';
import { cardPriceToPort } from '~/lib/shipping/landed-price';
import { deferred } from '~/lib/page/deferred';
import { useNonce } from '~/lib/page/nonce';
import * as ServerSections from '~/routes/explore-cars/deferred.server';
import { headers, loader } from './loader.server';

export { headers, loader };

// Not part of the first-load JavaScript: the panel and pagination hydrate after the rest of the page,
// and the skeletons are only ever rendered in the browser, while another query loads.
const FilterPanel = deferred(() => import('./deferred-sections').then((m) => m.FilterPanel), ServerSections.FilterPanel);
const Pagination = deferred(() => import('./deferred-sections').then((m) => m.Pagination), ServerSections.Pagination);
const ActiveFilters = deferred(() => import('./deferred-sections').then((m) => m.ActiveFilters), ServerSections.ActiveFilters);
const AlertLink = deferred(() => import('./deferred-sections').then((m) => m.AlertLink), ServerSections.AlertLink);
const ResultSkeletons = deferred(() => import('./deferred-sections').then((m) => m.ResultSkeletons), undefined);

/** Favourite toggles and sign-ins post actions; the catalogue does not change with them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return false;
  return defaultShouldRevalidate;
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return pageMeta({ title: 'Explore Cars', description: exploreDescription(DEFAULT_STATE, null), path: EXPLORE_PATH, matches });
  const state = data.state as ExploreState;
  return [
    ...pageMeta({
      title: exploreTitle(state),
      description: exploreDescription(state, data.error ? null : data.result.total),
      path: canonicalPath(state),
      image: data.result.cars[0]?.image ?? null,
      matches,
    }),
    // The first cards' photos come from WordPress: open that connection early.
    ...imageHints(data.result.cars[0]?.image),
  ];
};

// The phone's filter sheet: its dialog code loads when the sheet first opens (or is about to), which
// keeps this page inside the first-load JavaScript budget.
const loadDialog = () => import('~/components/ui/Dialog');
const Dialog = lazy(() => loadDialog().then((m) => ({ default: m.Dialog })));

/** Retry pressed while the browser is offline. */
export const STILL_OFFLINE = 'You are still offline. Check your connection, then press Retry.';

function countText(total: number): string {
  return `${groupDigits(total)} ${total === 1 ? 'car' : 'cars'} found`;
}

type ExploreData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The data last shown in this browser: the router forgets a route's data when its next load fails. */
let lastShown: ExploreData | undefined;

export default function ExploreCars() {
  const data = useLoaderData<typeof loader>();
  // In an effect, so only the browser keeps it (a server render never hands one visitor's page to another).
  useEffect(() => {
    lastShown = data;
  }, [data]);
  return <ExplorePage data={data} />;
}

/**
 * A filter, sort or page change whose data never arrived (the connection dropped, the server could not
 * be reached): the page stays, with the list's error panel and Retry in place of the cars and the
 * filters of the address kept, rather than the site's whole-page error. The filter lists are the ones
 * last loaded; arriving from another page, there are none yet, and the panel shows its choices without
 * counts, as when WordPress fails on a full page load (the loader answers that itself).
 */
export function ErrorBoundary() {
  const { search } = useLocation();
  // Arriving from another page nothing of this one has loaded: with `error` set the page draws no
  // cars, count or pages, and the filter panel its choices without counts and its default price span.
  const last = (lastShown ?? {}) as ExploreData;
  return <ExplorePage data={{ ...last, state: parseExploreState(new URLSearchParams(search)), error: LIST_FAILED }} />;
}

function ExplorePage({ data }: { data: ExploreData }) {
  const loaded = data.state as ExploreState;
  const { shown, pending } = useShownState(loaded);
  const revalidator = useRevalidator();
  const loading = pending || revalidator.state === 'loading';
  const go = useExploreNavigate();
  const hydrated = useHydrated();
  const [view, setView] = useExploreView();
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetStart = useRef<HTMLDivElement>(null);
  const { result, error, filters, bounds, shipTo, early } = data;
  const nonce = useNonce();
  const active = hasActiveFilters(shown);
  const activeCount = activeFilterCount(shown);
  // Where a car's Back to Cars link returns: this very list.
  const from = exploreHref(loaded);

  // Back with the phone's filter sheet open closes the sheet, as Back closes a full-screen panel in a
  // phone's own apps, and leaves the list as it is: the history step back (which would undo the last
  // filter picked in the sheet) is held and dropped.
  const sheetBack = useBlocker(({ historyAction }) => sheetOpen && historyAction === NavigationType.Pop);
  useEffect(() => {
    if (sheetBack.state !== 'blocked') return;
    sheetBack.reset();
    setSheetOpen(false);
  }, [sheetBack]);

  // Retry while the browser knows it is offline asks nobody: the page and its filters stay and say so.
  const [stillOffline, setStillOffline] = useState(false);
  useEffect(() => {
    if (!error) setStillOffline(false);
  }, [error]);

  // The sheet is the small-screen form of the panel; on a wide screen the panel is beside the list.
  useEffect(() => {
    if (!sheetOpen) return;
    const wide = window.matchMedia('(min-width: 768px)');
    const close = () => wide.matches && setSheetOpen(false);
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [sheetOpen]);

  const count = loading ? 'Loading...' : error ? '' : countText(result.total);
  const filtersLabel = (
    <>
      <FilterIcon />
      Filters
      {activeCount > 0 ? <CountBadge count={activeCount} /> : null}
    </>
  );

  return (
    <>
      {/* Before hydration, a sort or filter picked still applies (as a plain GET). */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: early }} />
      <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-6 md:py-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">Our catalogue</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-950 md:text-4xl">Explore Cars</h1>
          <p className="mt-2 hidden max-w-2xl text-slate-600 sm:block">
            Quality new and used vehicles from China, inspected and ready for export to your country.
          </p>
          <AlertLink from={from} />
        </div>
      </div>

      <div className="container-page flex flex-col gap-8 py-6 md:flex-row md:items-start md:py-10">
        {/* Wide screens: the panel beside the list. Small screens without JavaScript: the Filters
            link below jumps here and :target shows it; with JavaScript it opens as a sheet instead. */}
        <aside
          id="filters"
          aria-labelledby="filters-heading"
          className="hidden flex-none scroll-mt-20 target:block md:sticky md:top-24 md:block md:max-h-[calc(100vh-7rem)] md:w-72 md:overflow-y-auto md:overscroll-contain lg:w-80"
        >
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
            <h2 id="filters-heading" className="mb-5 text-lg font-bold text-brand-950">
              Filters
            </h2>
            <FilterPanel state={shown} options={filters} bounds={bounds} onNavigate={go} />
          </div>
        </aside>

        {/* aria-busy while another query loads; data-loaded names the list on screen, so a test (or a
            tool) can tell the results of this URL from the previous ones still being replaced. */}
        <section
          id={RESULTS_ID}
          aria-labelledby={RESULTS_HEADING_ID}
          aria-busy={loading}
          data-loaded={from}
          className="min-w-0 flex-1 scroll-mt-24"
        >
          <h2 id={RESULTS_HEADING_ID} tabIndex={-1} className="sr-only">
            Cars
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-3">
              {hydrated ? (
                <button
                  type="button"
                  onClick={() => setSheetOpen(true)}
                  onPointerEnter={loadDialog}
                  onTouchStart={loadDialog}
                  onFocus={loadDialog}
                  aria-haspopup="dialog"
                  className="btn-outline md:hidden"
                >
                  {filtersLabel}
                </button>
              ) : (
                <a href="#filters" className="btn-outline md:hidden">
                  {filtersLabel}
                </a>
              )}
              <p role="status" className="text-sm font-medium text-slate-700 sm:text-base" data-testid="result-count">
                {count}
              </p>
            </div>
            {/* Wraps: without JavaScript the Sort button joins the row, which must not widen a phone's page. */}
            <div className="flex flex-wrap items-center gap-3">
              <SortSelect state={shown} onNavigate={go} />
              <ViewToggle view={view} onChange={setView} hydrated={hydrated} />
            </div>
          </div>

          <div className="mt-4 empty:hidden">
            <ActiveFilters state={shown} />
          </div>

          <div className="mt-6">
            {loading ? (
              <ResultSkeletons view={view} listClass={view === 'grid' ? GRID_CLASS : LIST_CLASS} />
            ) : error ? (
              <ResultsError
                message={stillOffline ? STILL_OFFLINE : error}
                retry={
                  <a
                    href={from}
                    onClick={(event) => {
                      // With JavaScript: run the loader again in place; without, the link reloads.
                      event.preventDefault();
                      if (!navigator.onLine) {
                        setStillOffline(true);
                        return;
                      }
                      setStillOffline(false);
                      revalidator.revalidate();
                    }}
                    className="btn-primary"
                  >
                    Retry
                  </a>
                }
              />
            ) : result.cars.length === 0 ? (
              <NoCarsFound action={active ? <ClearAllLink state={shown} appearance="button" /> : null} />
            ) : (
              <ul className={view === 'grid' ? GRID_CLASS : LIST_CLASS} data-testid="car-results" data-view={view}>
                {result.cars.map((car, index) => (
                  <li key={car.id}>
                    <CarCard car={car} variant={view} from={from} priority={index < 2} toPort={cardPriceToPort(car.priceValue, shipTo)} />
                  </li>
                ))}
              </ul>
            )}
          </div>

          {!error ? (
            <div className="mt-10">
              <Pagination state={loaded} totalPages={result.totalPages} />
            </div>
          ) : null}
        </section>
      </div>

      {sheetOpen ? (
        <Suspense fallback={null}>
          <Dialog open={sheetOpen} onClose={() => setSheetOpen(false)} title="Filters" widthClass="max-w-lg" initialFocusRef={sheetStart}>
            <div ref={sheetStart} tabIndex={-1} className="scroll-mt-24 focus:outline-none">
              <FilterPanel state={shown} options={filters} bounds={bounds} onNavigate={go} />
            </div>
            {/* Pinned to the sheet's visible bottom edge while the lists scroll; at the end it covers the
                body's bottom padding (-mb-6) so it meets the sheet's edge there too. */}
            <div className="sticky bottom-0 -mx-6 -mb-6 mt-6 flex items-center gap-3 border-t border-slate-200 bg-white px-6 py-4">
              {active ? <ClearAllLink state={shown} /> : null}
              <button type="button" onClick={() => setSheetOpen(false)} className="btn-primary ml-auto">
                {loading ? 'Loading...' : error ? 'Close' : `Show ${countText(result.total).replace(' found', '')}`}
              </button>
            </div>
          </Dialog>
        </Suspense>
      ) : null}
    </>
  );
}

const FilterMark = solidIcon(
  'M3.75 4h12.5a.75.75 0 0 1 0 1.5H3.75a.75.75 0 0 1 0-1.5Zm2 5.25h8.5a.75.75 0 0 1 0 1.5h-8.5a.75.75 0 0 1 0-1.5Zm2 5.25h4.5a.75.75 0 0 1 0 1.5h-4.5a.75.75 0 0 1 0-1.5Z',
);

function FilterIcon() {
  return <FilterMark className="h-4 w-4" />;
}

function CountBadge({ count }: { count: number }) {
  return (
    <span className="ml-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1.5 text-xs font-bold text-white">
      {count}
      <span className="sr-only"> active</span>
    </span>
  );
}
