import { Link } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { clearRecentlyViewed, forgetViewedCars, missingIds, recentToShow, useRecentlyViewedIds } from '~/lib/device/recently-viewed';
import { mileageLabel } from '~/lib/wordpress/labels';
import type { CarCard } from '~/lib/wordpress/types';
import { carHref, PLACEHOLDER_IMAGE } from './CarCard';

type Loaded = { key: string; status: 'loading' | 'error' | 'done'; cars: CarCard[] };

/** The cars of `/api/cars?ids=…`, fetched fresh so sold or removed cars drop out. */
async function fetchCars(ids: readonly number[], signal: AbortSignal): Promise<CarCard[]> {
  const response = await fetch(`/api/cars?ids=${ids.join(',')}`, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const body = (await response.json()) as { cars?: CarCard[] };
  return Array.isArray(body.cars) ? body.cars : [];
}

function thumbOf(car: CarCard): string {
  return car.featured_image?.thumb.url ?? car.image ?? PLACEHOLDER_IMAGE;
}

/**
 * The "Recently viewed" section (loaded lazily by RecentlyViewedSection): the cars this device opened last, newest first, without the one on screen, with
 * Clear. Rendered only in the browser (the list lives in localStorage) and placed below the fold, so
 * it never moves what the visitor is reading. Loading shows placeholders of the final size; a failed
 * load says so with Retry.
 */
export default function RecentlyViewed({ currentId, onCleared }: { currentId?: number; onCleared: () => void }) {
  const stored = useRecentlyViewedIds();
  const ids = stored ? recentToShow(stored, currentId) : [];
  const key = ids.join(',');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!key) return;
    const wanted = key.split(',').map(Number);
    const controller = new AbortController();
    setLoaded((prev) => ({ key, status: 'loading', cars: prev?.cars ?? [] }));
    fetchCars(wanted, controller.signal)
      .then((cars) => {
        setLoaded({ key, status: 'done', cars });
        forgetViewedCars(
          missingIds(
            wanted,
            cars.map((c) => c.id),
          ),
        );
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Recently viewed cars could not be loaded:', error instanceof Error ? error.message : error);
        setLoaded({ key, status: 'error', cars: [] });
      });
    return () => controller.abort();
  }, [key, attempt]);

  const clear = useCallback(() => {
    clearRecentlyViewed();
    onCleared();
  }, [onCleared]);

  if (!key) return null;

  const state = loaded?.key === key ? loaded : { key, status: 'loading' as const, cars: [] };
  // While a new list loads, cars already shown stay (minus any no longer asked for).
  const cars = state.cars.filter((c) => ids.includes(c.id));
  if (state.status === 'done' && cars.length === 0) return null;

  return (
    <section aria-labelledby="recently-viewed-title" className="container-page py-10" data-testid="recently-viewed">
      <div className="flex items-center justify-between gap-4">
        <h2 id="recently-viewed-title" className="text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
          Recently viewed
        </h2>
        <button
          type="button"
          onClick={clear}
          className="min-h-[2.75rem] rounded-lg px-3 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-slate-300 hover:bg-brand-50"
        >
          Clear<span className="sr-only"> recently viewed cars</span>
        </button>
      </div>
      {state.status === 'error' ? (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          Recently viewed cars could not be loaded.
          <button type="button" onClick={() => setAttempt((n) => n + 1)} className="font-semibold underline underline-offset-2">
            Retry
          </button>
        </div>
      ) : (
        <ul
          className="-mx-1 mt-4 flex snap-x gap-4 overflow-x-auto p-1 md:grid md:grid-cols-4 md:overflow-visible"
          aria-busy={state.status === 'loading' || undefined}
        >
          {state.status === 'loading' && cars.length === 0
            ? ids.slice(0, 4).map((id) => (
                <li key={id} className="w-56 flex-none md:w-auto" aria-hidden="true">
                  <div className="h-[13.5rem] animate-pulse rounded-2xl bg-slate-200 motion-reduce:animate-none" />
                </li>
              ))
            : cars.map((car) => {
                const mileage = mileageLabel(car.all_fields.mileage);
                return (
                  <li key={car.id} className="w-56 flex-none snap-start md:w-auto" data-testid="recently-viewed-car">
                    <Link
                      to={carHref(car.id)}
                      prefetch="intent"
                      className="block h-[13.5rem] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card hover:border-brand-200"
                    >
                      <img
                        src={thumbOf(car)}
                        alt=""
                        width={300}
                        height={300}
                        loading="lazy"
                        decoding="async"
                        className="h-28 w-full object-cover"
                      />
                      <span className="block p-3">
                        <span className="line-clamp-2 text-sm font-semibold text-slate-900">{car.title}</span>
                        <span className="mt-1 block text-sm font-bold text-brand-900">{car.price}</span>
                        {mileage ? <span className="block text-xs text-slate-600">{mileage}</span> : null}
                      </span>
                    </Link>
                  </li>
                );
              })}
        </ul>
      )}
      {state.status === 'loading' ? (
        <p role="status" className="sr-only">
          Loading recently viewed cars…
        </p>
      ) : null}
    </section>
  );
}
