import { lazy, Suspense, useSyncExternalStore } from 'react';

export type CompareButtonProps = { carId: number; title: string; className?: string };

// The toggle and the selection code load after hydration, so the cards cost the first load only this
// file. The toggle imports nothing from here: a shared module would become a chunk of its own.
const CompareToggle = lazy(() => import('./CompareToggle'));

const noSubscribe = () => () => undefined;

/** Without JavaScript (and until the toggle loads): a plain link to the compare page with this car. */
function CompareLink({ carId, title, className = '' }: CompareButtonProps) {
  return (
    <a href={`/compare?ids=${carId}`} className={`btn-compare ${className}`} data-testid="compare-toggle">
      <span aria-hidden="true" className="h-4 w-4 rounded border border-slate-400" />
      Compare<span className="sr-only"> {title}</span>
    </a>
  );
}

/** "Compare" on a car card: a link on the server, the device-local toggle once hydrated. */
export function CompareButton(props: CompareButtonProps) {
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  if (!hydrated) return <CompareLink {...props} />;
  return (
    <Suspense fallback={<CompareLink {...props} />}>
      <CompareToggle {...props} />
    </Suspense>
  );
}
