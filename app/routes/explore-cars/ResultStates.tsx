import type { ReactNode } from 'react';
import { StrokeIcon } from '~/components/ui/StrokeIcon';

export const GRID_CLASS = 'grid grid-cols-1 gap-5 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2 xl:grid-cols-3';
export const LIST_CLASS = 'flex flex-col gap-4';

/** The car list's error text when the server gives no message of its own (or could not be reached). */
export const LIST_FAILED = 'Failed to fetch cars';

function Panel({ icon, children, tone }: { icon: ReactNode; children: ReactNode; tone: 'neutral' | 'error' }) {
  return (
    <div
      className={`flex flex-col items-center rounded-2xl border px-6 py-14 text-center ${
        tone === 'error' ? 'border-red-200 bg-red-50/60' : 'border-dashed border-slate-300 bg-slate-50'
      }`}
    >
      <div
        className={`mb-4 flex h-14 w-14 items-center justify-center rounded-full ${
          tone === 'error' ? 'bg-red-100 text-red-600' : 'bg-brand-100 text-brand-700'
        }`}
        aria-hidden="true"
      >
        {icon}
      </div>
      {children}
    </div>
  );
}

/** No results: No Cars Found + Try adjusting your search criteria or filters. */
export function NoCarsFound({ action }: { action?: ReactNode }) {
  return (
    <Panel
      tone="neutral"
      icon={
        <StrokeIcon className="h-7 w-7">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5M8.5 11h5" />
        </StrokeIcon>
      }
    >
      <h3 className="text-lg font-semibold text-slate-900">No Cars Found</h3>
      <p className="mt-1 text-slate-600">Try adjusting your search criteria or filters</p>
      {action ? <div className="mt-5">{action}</div> : null}
    </Panel>
  );
}

/**
 * The error panel of the car list, with the server's message or "Failed to fetch
 * cars", titled "An error occurred" with "Retry" (English labels: the site is English-only).
 */
export function ResultsError({ message, retry }: { message: string; retry: ReactNode }) {
  return (
    <div role="alert">
      <Panel
        tone="error"
        icon={
          <StrokeIcon className="h-7 w-7">
            <path d="M12 8v5m0 3h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />
          </StrokeIcon>
        }
      >
        <h3 className="text-lg font-semibold text-slate-900">An error occurred</h3>
        <p className="mt-1 text-red-700">{message}</p>
        <div className="mt-5">{retry}</div>
      </Panel>
    </div>
  );
}
