import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { ArrowRightIcon } from '~/components/content/icons';
import { NewsArticleView } from '~/components/content/NewsArticleView';
import { formatPostDate } from '~/components/content/format';
import { sanitizeArticleHtml } from '~/lib/html/sanitize.server';
import { ErrorPanel } from '~/components/ui/ErrorPanel';
import { NotFoundPage } from '~/components/layout/ErrorPages';
import { buttonClass } from '~/components/ui/Button';
import { publicOrigin } from '~/lib/server/env.server';
import { jsonLdScriptProps, newsArticleJsonLd } from '~/lib/seo/jsonld';
import { pageMeta } from '~/lib/seo/meta';
import { WordPressError } from '~/lib/wordpress/client.server';
import { useNonce } from '~/lib/page/nonce';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { failedPage } from '~/lib/wordpress/failure.server';

export const headers = pageHeaders;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  let post;
  try {
    post = await wordpressOf(context).newsPost(slug);
  } catch (error) {
    if (!(error instanceof WordPressError)) throw error;
    throw failedPage(error, 'Failed to load the article.', `News ${JSON.stringify(slug)}`);
  }
  // Unknown slug: the site's 404 page with a real 404 status; the path is logged like any 404
  // (JSON-quoted: a path can carry line breaks that would forge log lines).
  if (!post) {
    console.warn(`404 Not Found: ${JSON.stringify(new URL(request.url).pathname)}`);
    throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  }

  const path = `/news/${post.slug}`;
  return json({
    post: { ...post, content: sanitizeArticleHtml(post.content) },
    dateLabel: formatPostDate(post.date),
    path,
    jsonLd: newsArticleJsonLd({ origin: publicOrigin(), post, path }),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  if (!data) {
    return pageMeta({
      title: 'Page Not Found',
      description: 'The page you are looking for does not exist.',
      path: location.pathname,
      matches,
      noIndex: true,
    });
  }
  const { post, path } = data;
  return pageMeta({
    title: post.title,
    description: post.excerpt || `${post.title} — news from Car Export.`,
    path,
    matches,
    image: post.image?.url,
    type: 'article',
  });
};

export default function NewsArticlePage() {
  const { post, dateLabel, jsonLd } = useLoaderData<typeof loader>();
  const nonce = useNonce();

  return (
    <>
      <NewsArticleView post={post} dateLabel={dateLabel}>
        <div className="mt-12 rounded-2xl bg-brand-950 p-6 text-white sm:p-8">
          <div>
            <p className="text-lg font-bold">Interested in Chinese electric cars?</p>
            <p className="mt-1 text-sm text-brand-200">Browse the electric models in stock or ask our team about allocations.</p>
          </div>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <Link to="/explore-cars?fuelType=electric" className={buttonClass('outline', 'border-white px-5 py-3 text-brand-900')}>
              Browse Electric Vehicles
              <ArrowRightIcon className="h-4 w-4" />
            </Link>
            <Link
              to="/contact-us"
              className={buttonClass('outline', 'border-white/30 bg-transparent px-5 py-3 text-white hover:border-white hover:bg-white/10')}
            >
              Contact Us
            </Link>
          </div>
        </div>
      </NewsArticleView>
      <script nonce={nonce} {...jsonLdScriptProps(jsonLd)} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : 'Failed to load the article.';
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="container-page py-16 md:py-24">
      <h1 className="sr-only">News</h1>
      <ErrorPanel message={message} className="mx-auto max-w-xl" />
    </div>
  );
}
