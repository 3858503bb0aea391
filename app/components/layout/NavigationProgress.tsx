/**
 * The thin bar along the top of the window while a page is loading. An indeterminate progressbar
 * (no value: the wait has no known length); the polite status line beside it tells screen reader
 * users once, without interrupting them. The status element is always present, so its later text is
 * announced.
 */
export function NavigationProgress({ active }: { active: boolean }) {
  return (
    <>
      {active ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          data-testid="navigation-progress"
          className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-accent-100/60"
        >
          <div className="nav-progress-bar h-full w-full origin-left bg-accent-500" />
        </div>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {active ? 'Loading page…' : ''}
      </p>
    </>
  );
}
