import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType, type Location } from '@remix-run/react';

// On a route change the page scrolls smoothly to the top, except when moving from a
// car page back to / or /explore-cars, where the visitor finds the list where they left it.
//
// Remix's <ScrollRestoration> does the actual scrolling (to the top for a new page, to the saved
// position for a page seen before). Two things are added here:
// - `scrollKey` remembers the list pages by URL instead of by history entry, so the car page's
//   "Back to Cars" link (a new history entry) finds the position saved when the visitor left the list;
// - <RouteScroll>, rendered just before <ScrollRestoration>, decides how this navigation's scroll
//   moves: smooth to the top for a new page, instant when restoring a position (a list left for a car
//   page, Back/Forward) and always when the visitor prefers reduced motion. <ScrollRestoration> can
//   only jump (a CSS scroll-behavior set just before its scrollTo is not applied by Chromium), so
//   <RouteScrollEnd>, rendered just after it, puts the page back where the visitor was and glides to
//   the top from there, before anything is painted.

const LIST_PATHS = new Set(['/', '/explore-cars']);

export function isCarPath(pathname: string): boolean {
  return pathname.startsWith('/car/');
}

/** True when moving `from` → `to` keeps the list's scroll position (car page back to a list). */
export function keepsListPosition(from: string | null, to: string): boolean {
  return from !== null && isCarPath(from) && LIST_PATHS.has(to);
}

// What the browser shows now. Client-only: the server never calls scrollKey with a real history.
let rendered: { key: string; pathname: string } | null = null;
// History entries already shown in this tab: coming back to one (Back button) restores its position.
const seenKeys = new Set<string>();
// Where a smooth scroll to the top starts (set by RouteScroll, used by RouteScrollEnd), else null.
let smoothFrom: number | null = null;

type KeyedLocation = Pick<Location, 'key' | 'pathname' | 'search'>;

function isReloadOrHistoryLoad(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/** getKey for <ScrollRestoration>. */
export function scrollKey(location: KeyedLocation): string {
  if (typeof document === 'undefined' || !LIST_PATHS.has(location.pathname)) return location.key;
  const listKey = `list:${location.pathname}${location.search}`;
  // The first page of this document: restore only a reload or a Back/Forward into the site, not a
  // fresh visit to the same address.
  if (rendered === null) return isReloadOrHistoryLoad() ? listKey : location.key;
  // Saving the position of the list being left.
  if (location.key === rendered.key) return listKey;
  // Arriving at a list: restore it when coming from a car page or returning to a known entry.
  if (isCarPath(rendered.pathname) || seenKeys.has(location.key)) return listKey;
  return location.key;
}

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

export function RouteScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useIsomorphicLayoutEffect(() => {
    // From the module, not a ref: switching between a page and an error page remounts the document.
    const from = rendered?.pathname ?? null;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Back/Forward restores a position the visitor has seen: that jump is instant, like the browser's.
    const smooth = from !== null && navigationType !== 'POP' && !reduceMotion && !keepsListPosition(from, location.pathname);
    smoothFrom = smooth && !location.hash ? window.scrollY : null;

    rendered = { key: location.key, pathname: location.pathname };
    seenKeys.add(location.key);
  }, [location, navigationType]);

  return null;
}

/** Rendered just after <ScrollRestoration>: turns its jump to the top into a smooth scroll. */
export function RouteScrollEnd() {
  const location = useLocation();

  useIsomorphicLayoutEffect(() => {
    const start = smoothFrom;
    smoothFrom = null;
    // Only a jump to the top is smoothed (not a restored position or an anchor).
    if (start === null || start <= 0 || window.scrollY !== 0) return;
    window.scrollTo({ top: start, behavior: 'auto' });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [location]);

  return null;
}
