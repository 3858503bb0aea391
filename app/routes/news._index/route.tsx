// /news — every published news post, newest first, nine to a page (?page=2…). A page past the end
// is a 404 with a link to the first page; a malformed ?page= a 400; WordPress down a 503.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { PageHero } from '~/components/content/PageHero';
import { buttonClass } from '~/components/ui/Button';
import { cacheHeaders, pageHeaders, pagePolicy } from '~/lib/http/cache-headers.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { pageMeta } from '~/lib/seo/meta';
import { NewsList, NewsPager } from './NewsList';
import { loadNewsPage } from './news-model.server';
import { NEWS_LOAD_FAILED, newsPageHref } from './news-shared';
import { COMPANY } from '~/lib/content/company';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await loadNewsPage(wordpressOf(context), new URL(request.url));
  return json(data, { headers: cacheHeaders(pagePolicy(request)) });
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  if (!data) {
    return pageMeta({ title: 'News', description: 'News from Car Export.', path: location.pathname, matches, noIndex: true });
  }
  const suffix = data.page > 1 ? ` – Page ${data.page}` : '';
  return pageMeta({
    title: `News${suffix}`,
    description: `News from ${COMPANY.name}: new models, electric vehicles and the car export market from China to ${COMPANY.countries} countries.`,
    path: newsPageHref(data.page),
    matches,
  });
};

function Hero() {
  return <PageHero title="News" subtitle="New models, electric vehicles and the export market" size="banner" />;
}

export default function NewsIndexPage() {
  const { posts, page, totalPages, total } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero />
      <div className="container-page py-10 md:py-14">
        {posts.length === 0 ? (
          <div
            className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-card"
            data-testid="news-empty"
          >
            <h2 className="text-xl font-semibold text-slate-900">No news yet</h2>
            <p className="mt-2 text-slate-600">Check back soon, or browse the cars we have in stock.</p>
            <Link to="/explore-cars" className={buttonClass('primary', 'mt-6')}>
              Explore Cars
            </Link>
          </div>
        ) : (
          <>
            <p className="mb-6 text-sm text-slate-600" data-testid="news-summary">
              {total} {total === 1 ? 'article' : 'articles'}
              {totalPages > 1 ? `, page ${page} of ${totalPages}` : ''}
            </p>
            <NewsList posts={posts} />
            <NewsPager page={page} totalPages={totalPages} />
          </>
        )}
      </div>
    </>
  );
}

/** A page past the end (404), a malformed ?page= (400) or WordPress down (503): say so, link back. */
export function ErrorBoundary() {
  const error = useRouteError();
  const routeError = isRouteErrorResponse(error);
  if (!routeError) console.error(error);
  const message =
    routeError && typeof error.data === 'object' && error.data && 'message' in error.data ? String(error.data.message) : NEWS_LOAD_FAILED;
  const unavailable = !routeError || error.status >= 500;
  return (
    <>
      <Hero />
      <div className="container-page py-10 md:py-14">
        <div
          role="alert"
          className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-card"
          data-testid="news-error"
        >
          <h2 className="text-xl font-semibold text-slate-900">{unavailable ? 'An error occurred' : 'Page not found'}</h2>
          <p className="mt-2 text-slate-600">{message}</p>
          <a href="/news" className={buttonClass('primary', 'mt-6')}>
            {unavailable ? 'Retry' : 'Go to the latest news'}
          </a>
        </div>
      </div>
    </>
  );
}
