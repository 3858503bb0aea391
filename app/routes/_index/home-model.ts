// Pure pieces of the home page (no React, no server imports), so the loader, the components and the
// unit tests share one definition of each rule.
import type { CarCard } from '~/lib/wordpress/types';

/** The home page shows 4 featured cars on desktop and 6 on phones. */
export const FEATURED_DESKTOP = 4;
export const FEATURED_MOBILE = 6;
/** One more than the mobile row holds: a 7th car is how the page knows to offer "Show All Cars". */
export const FEATURED_FETCH = FEATURED_MOBILE + 1;
/** The videos section shows four. */
export const HOME_VIDEO_COUNT = 4;

/** The home banner advances every 1600 ms. */
export const HERO_INTERVAL_MS = 1600;

/** The featured cars' error text when the server gives no message of its own (its message is shown otherwise). */
export const FEATURED_FETCH_FAILED = 'Failed to fetch featured cars';

/** The Browse by Body tiles, in this order; names are the stored body types. */
export const BODY_TYPES = ['SUV', 'Sedan', 'Hatchback', 'Minivan', 'Pickup', 'Sports Car'] as const;
export type BodyTypeName = (typeof BODY_TYPES)[number];

/** `/explore-cars?bodyType=Sports%20Car`: each tile links to /explore-cars?bodyType={name}. */
export function bodyTypeHref(name: string): string {
  return `/explore-cars?bodyType=${encodeURIComponent(name)}`;
}

export type FeaturedRow = { cars: CarCard[]; showAll: boolean };

/**
 * The featured row: up to six cars (CSS shows the first four on desktop) and whether the mobile
 * row ends with the Show All Cars tile, which shows only when more than six exist.
 */
export function featuredRow(featured: readonly CarCard[]): FeaturedRow {
  return { cars: featured.slice(0, FEATURED_MOBILE), showAll: featured.length > FEATURED_MOBILE };
}

/** A video's length as "0:07" / "12:30" / "1:02:03"; null when unknown. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** "0:07" → "7 seconds", for screen readers (a bare "0:07" reads poorly). */
export function spokenDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const m = Math.floor(total / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (m) parts.push(`${m} minute${m === 1 ? '' : 's'}`);
  if (s || !m) parts.push(`${s} second${s === 1 ? '' : 's'}`);
  return parts.join(' ');
}

/** Query parameters of the filter bar, in the order the explore page names them. */
export const FILTER_PARAMS = ['brand', 'bodyType', 'fuelType', 'transmission'] as const;

/**
 * The filter bar's query string without empty values (empty parameters are
 * omitted), so a search for "SUV" alone goes to /explore-cars?bodyType=SUV.
 */
export function filterQuery(entries: Iterable<[string, FormDataEntryValue | string]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) {
    if (typeof value !== 'string') continue;
    const v = value.trim();
    if (v && (FILTER_PARAMS as readonly string[]).includes(key)) params.append(key, v);
  }
  return params.toString();
}
