import { useNavigate, useNavigation } from '@remix-run/react';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { EXPLORE_PATH, exploreHref, parseExploreState, type ExploreState } from '~/lib/explore/state';

/** The id of the results region: every change scrolls there. */
export const RESULTS_ID = 'results';
/** The results' heading (for screen readers only), where the focus goes when the control it was on leaves. */
export const RESULTS_HEADING_ID = 'results-heading';

const noSubscribe = () => () => {};

/**
 * False on the server and while hydrating, true afterwards (and at once in anything mounted later,
 * such as the filter sheet). Controls that only work with JavaScript appear when this is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/** Smoothly to the results (instantly for visitors who prefer reduced motion). */
export function scrollToResults(): void {
  const el = document.getElementById(RESULTS_ID);
  if (!el) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}

/**
 * Goes to a new explore state: a new history entry with the state's query string, without the
 * route-change scroll to the top (root's ScrollRestoration), scrolling to the results instead.
 */
export function useExploreNavigate(): (next: ExploreState) => void {
  const navigate = useNavigate();
  return useCallback(
    (next: ExploreState) => {
      navigate(exploreHref(next), { preventScrollReset: true });
      scrollToResults();
    },
    [navigate],
  );
}

/**
 * The state to show: while a navigation to another explore query is under way, the state it is
 * heading to (so a radio, the sort or a chip reflects the click at once); else the loaded one.
 * `pending` is true while such a navigation loads.
 */
export function useShownState(loaded: ExploreState): { shown: ExploreState; pending: boolean } {
  const navigation = useNavigation();
  const target = navigation.location?.pathname === EXPLORE_PATH ? navigation.location.search : null;
  return useMemo(() => {
    if (target === null) return { shown: loaded, pending: false };
    return { shown: parseExploreState(new URLSearchParams(target)), pending: true };
  }, [loaded, target]);
}

/**
 * A control's value that follows `value` but shows the visitor's pick at once. Navigation state
 * arrives a render later; without this a controlled radio or select would flick back for a moment.
 */
export function usePicked<T>(value: T): [T, (next: T) => void] {
  const [picked, setPicked] = useState<{ for: T; value: T } | null>(null);
  // A pick only counts while the value it was made against is still the current one.
  const shown = picked !== null && Object.is(picked.for, value) ? picked.value : value;
  return [shown, (next: T) => setPicked({ for: value, value: next })];
}
