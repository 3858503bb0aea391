import { useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { isCarPath } from '~/lib/page/scroll';

// While a client navigation waits for its page data the old page would stay on screen with no sign
// that anything is happening. The layout shows a thin progress bar (and the car page's loading
// state when a car is opening), but only once the wait has lasted a moment: a navigation served from
// cache or a fast loader finishes before anything flickers.

/** How long a navigation runs before the indicator appears. */
export const PROGRESS_DELAY_MS = 150;

export type PendingNavigation = {
  /** A navigation has been running for longer than the delay. */
  shown: boolean;
  /** A different car's page is opening: its loading state replaces the old page. */
  carOpening: boolean;
};

/** True when the navigation from `current` to `next` opens a car page other than the one shown. */
export function opensOtherCar(current: string, next: string | null): boolean {
  return next !== null && isCarPath(next) && next !== current;
}

export function usePendingNavigation(delayMs: number = PROGRESS_DELAY_MS): PendingNavigation {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state !== 'idle';
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [busy, delayMs]);

  const next = navigation.state === 'loading' ? navigation.location.pathname : null;
  return { shown: shown && busy, carOpening: shown && busy && opensOtherCar(location.pathname, next) };
}
