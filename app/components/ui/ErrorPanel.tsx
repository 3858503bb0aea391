import { Form, useLocation, useNavigation } from '@remix-run/react';

type ErrorPanelProps = {
  /** The message: the server's, or the screen's fallback ("Failed to fetch featured cars"). */
  message: string;
  className?: string;
};

/**
 * The error panel (its labels in English, as the site is English-only): "An error
 * occurred", the message and Retry. Retry is a GET form to the current page, so it reloads the data
 * with JavaScript (a Remix navigation that reruns the loaders) and without it (a plain page load).
 */
export function ErrorPanel({ message, className = '' }: ErrorPanelProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const retrying = navigation.state !== 'idle' && navigation.location?.pathname === location.pathname;
  return (
    <div
      role="alert"
      className={`flex flex-col items-center rounded-2xl border border-red-200 bg-red-50/60 px-6 py-10 text-center ${className}`}
      data-testid="error-panel"
    >
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-100 text-red-600" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="h-6 w-6">
          <path d="M12 8v5M12 16.5v.01" />
          <circle cx="12" cy="12" r="9" />
        </svg>
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">An error occurred</h3>
      <p className="mt-1 max-w-md text-sm text-red-700">{message}</p>
      <Form method="get" action={location.pathname} preventScrollReset className="mt-5">
        <button type="submit" className="btn-primary px-6" disabled={retrying} aria-busy={retrying || undefined}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      </Form>
    </div>
  );
}
