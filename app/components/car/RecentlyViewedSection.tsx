import { lazy, Suspense, useCallback, useState } from 'react';
import { recentToShow, useRecentlyViewedIds } from '~/lib/device/recently-viewed';

const RecentlyViewed = lazy(() => import('./RecentlyViewed'));

/**
 * "Recently viewed" on the home and car pages. Nothing on the server or before hydration (the list
 * lives in this browser), and nothing when the list is empty; the section's code is fetched only when
 * there is something to show, so it costs the first load nothing. After Clear, a short confirmation.
 */
export function RecentlyViewedSection({ currentId }: { currentId?: number }) {
  const stored = useRecentlyViewedIds();
  const [cleared, setCleared] = useState(false);
  const onCleared = useCallback(() => setCleared(true), []);
  const hasCars = stored !== null && recentToShow(stored, currentId).length > 0;

  if (!hasCars) {
    return cleared ? (
      <p role="status" className="container-page py-6 text-sm text-slate-600" data-testid="recently-viewed-cleared">
        Recently viewed cars cleared.
      </p>
    ) : null;
  }
  return (
    <Suspense fallback={null}>
      <RecentlyViewed currentId={currentId} onCleared={onCleared} />
    </Suspense>
  );
}
