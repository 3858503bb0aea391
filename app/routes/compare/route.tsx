// /compare?ids=3,17,5 — up to four cars side by side, rows that differ marked. The address holds
// the whole selection, so it works without JavaScript and can be shared; never indexed (any mix of
// ids would be a page of its own).
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useLocation, useRouteError } from '@remix-run/react';
import { useEffect } from 'react';
import { buttonClass } from '~/components/ui/Button';
import { cacheHeaders, pageHeaders, pagePolicy } from '~/lib/http/cache-headers.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { COMPARE_LOAD_FAILED, COMPARE_MAX, writeCompareIds } from '~/lib/compare/compare-list';
import { pageMeta } from '~/lib/seo/meta';
import { CompareTable } from './CompareTable';
import { loadCompare } from './compare-model.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const model = await loadCompare(wordpressOf(context), new URL(request.url));
  return json(model, { headers: cacheHeaders(pagePolicy(request)) });
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({
    title: data && data.cars.length > 1 ? `Compare ${data.cars.map((c) => c.title).join(' vs ')}` : 'Compare Cars',
    description: `Compare up to ${COMPARE_MAX} cars side by side: price, mileage, specifications and features, with the differences marked.`,
    path: '/compare',
    matches,
    noIndex: true,
  });

function PageHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="container-page py-8 sm:py-10">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">Side by side</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Compare Cars</h1>
      </div>
    </header>
  );
}

function EmptyState() {
  return (
    <div
      className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-card"
      data-testid="compare-empty"
    >
      <h2 className="text-xl font-semibold text-slate-900">No cars to compare yet</h2>
      <p className="mt-2 text-slate-600">
        Pick up to {COMPARE_MAX} cars with <strong>Compare</strong> on any car, or from your favorites, to see them side by side.
      </p>
      <Link to="/explore-cars" className={buttonClass('primary', 'mt-6')}>
        Explore Cars
      </Link>
    </div>
  );
}

export default function ComparePage() {
  const { cars, rows, notices } = useLoaderData<typeof loader>();
  const idsKey = cars.map((c) => c.id).join(',');

  // The page's cars become this device's compare selection, so the compare bar and the cards'
  // Compare toggles agree with what the visitor is looking at (after a Remove, a shared link...).
  useEffect(() => {
    writeCompareIds(idsKey ? idsKey.split(',').map(Number) : []);
  }, [idsKey]);

  return (
    <div className="bg-slate-50/60 pb-16">
      <PageHeader />
      <div className="container-page mt-8 space-y-6">
        {notices.length > 0 ? (
          <ul
            role="status"
            className="space-y-1 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
            data-testid="compare-notice"
          >
            {notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
        {cars.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            <CompareTable cars={cars} rows={rows} />
            {cars.length < COMPARE_MAX ? (
              <p className="text-sm text-slate-600">
                You can compare up to {COMPARE_MAX} cars.{' '}
                <Link to="/explore-cars" className="font-semibold text-brand-800 underline underline-offset-2">
                  Add another from Explore Cars
                </Link>
              </p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

/** WordPress failing: the page's own message with a Retry that keeps the cars asked for. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="bg-slate-50/60 pb-16">
      <PageHeader />
      <div className="container-page mt-8">
        <div
          role="alert"
          className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-white px-6 py-10 text-center shadow-card"
          data-testid="compare-error"
        >
          <h2 className="text-xl font-semibold text-slate-900">An error occurred</h2>
          <p className="mt-2 text-red-700">{COMPARE_LOAD_FAILED}</p>
          <a href={`${location.pathname}${location.search}`} className={buttonClass('primary', 'mt-6')}>
            Retry
          </a>
        </div>
      </div>
    </div>
  );
}
