import { lazy, Suspense } from 'react';
import type { BelowFoldProps } from './BelowFold';
import { BelowFold as ServerBelowFold } from './below-fold.server';

const LazyBelowFold = lazy(() => import('./BelowFold').then((m) => ({ default: m.BelowFold })));

/**
 * The sections under the featured cars, hydrated after the rest of the page (progressive hydration),
 * so their code is not part of the page's first-load JavaScript (budget: 110 KB).
 *
 * - Server: rendered at once from a static import, so nothing suspends and the HTML is complete —
 *   for crawlers and for visitors without JavaScript alike.
 * - Browser, first load: the lazy component suspends while its chunk loads; React keeps the server's
 *   HTML of this Suspense boundary on screen and hydrates it when the chunk arrives (the links work
 *   meanwhile as plain links).
 * - Browser, client-side navigation to home: the sections appear when the chunk has loaded (fetched
 *   once, then cached).
 */
export function DeferredBelowFold(props: BelowFoldProps) {
  const Sections = typeof document === 'undefined' ? ServerBelowFold : LazyBelowFold;
  return (
    <Suspense fallback={null}>
      <Sections {...props} />
    </Suspense>
  );
}
