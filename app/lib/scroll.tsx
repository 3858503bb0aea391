import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType, type Location } from '@remix-run/react';

// Spec section 2: on a route change the page scrolls smoothly to the top, except when moving from a
// car page back to / or /explore-cars, where the visitor finds the list where they left it.
//
// Remix's <ScrollRestoration> does the actual scrolling (to the top for a new page, to the saved
// position for a page seen before). Two things are added here:
// - `scrollKey` remembers the list pages by URL instead of by history entry, so the car page's
//   "Back to Cars" link (a new history entry) finds the position saved when the visitor left the list;
// - <RouteScroll>, rendered just before <ScrollRestoration>, sets the root's scroll-behavior for that
//   one scroll: smooth to the top, instant when restoring a position (a list left for a car page,
//   Back/Forward, and always when the visitor prefers reduced motion), then puts it back.

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
    const root = document.documentElement;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Back/Forward restores a position the visitor has seen: that jump is instant, like the browser's.
    const smooth =
      from !== null && navigationType !== 'POP' && !reduceMotion && !keepsListPosition(from, location.pathname);
    root.style.scrollBehavior = smooth ? 'smooth' : 'auto';

    rendered = { key: location.key, pathname: location.pathname };
    seenKeys.add(location.key);

    // The smooth scroll, once started by <ScrollRestoration>, runs to its end on its own; later
    // scrolls (in-page anchors, the browser's own) get the normal behaviour back.
    const frame = requestAnimationFrame(() => {
      root.style.scrollBehavior = '';
    });
    return () => cancelAnimationFrame(frame);
  }, [location, navigationType]);

  return null;
}
