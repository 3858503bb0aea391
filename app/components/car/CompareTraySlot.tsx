import { lazy, Suspense, useSyncExternalStore } from 'react';

// Loaded after hydration (the selection lives on this device), so it costs no page's first load.
const CompareTray = lazy(() => import('./CompareTray'));

const noSubscribe = () => () => undefined;

/** The compare bar's place in the layout; the bar shows itself once a car has been picked. */
export function CompareTraySlot() {
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  );
}
