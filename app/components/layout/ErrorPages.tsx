import { Link } from '@remix-run/react';
import { buttonClass } from '~/components/ui/Button';

/** The page for an unknown address: "404", "Oops! Page not found" and a "Return to Home" link to /. */
export function NotFoundPage() {
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-20 md:py-28" aria-labelledby="not-found-title">
      <div className="text-center">
        <p className="text-7xl font-extrabold tracking-tight text-brand-800 md:text-8xl">404</p>
        <h1 id="not-found-title" className="mt-4 text-2xl font-bold text-slate-900 md:text-3xl">
          Oops! Page not found
        </h1>
        <p className="mx-auto mt-3 max-w-md text-slate-500">The page you are looking for may have moved or no longer exists.</p>
        <Link to="/" className={buttonClass('primary', 'mt-8 px-6 py-3')}>
          Return to Home
        </Link>
      </div>
    </section>
  );
}

type ErrorPageProps = {
  status?: number;
  /** Shown only in development, with the stack. */
  detail?: string;
};

/** Any other error: a clean page, no internals (the stack only when NODE_ENV=development). */
export function ErrorPage({ status, detail }: ErrorPageProps) {
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-20 md:py-28" aria-labelledby="error-title">
      <div className="max-w-xl text-center">
        {status ? <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">Error {status}</p> : null}
        <h1 id="error-title" className="mt-2 text-2xl font-bold text-slate-900 md:text-3xl">
          Something went wrong
        </h1>
        <p className="mt-3 text-slate-500">
          We could not show this page right now. Please try again in a moment, or go back to the home page.
        </p>
        <Link to="/" className={buttonClass('primary', 'mt-8 px-6 py-3')}>
          Return to Home
        </Link>
        {detail ? (
          <pre className="mt-10 max-h-80 overflow-auto rounded-lg bg-slate-900 p-4 text-left text-xs text-slate-100">{detail}</pre>
        ) : null}
      </div>
    </section>
  );
}
