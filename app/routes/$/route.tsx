import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { pageMeta } from '~/lib/seo/meta';
import { pageHeaders } from '~/lib/http/cache-headers.server';

// Every URL no other route matches. The loader throws a real 404, which root's ErrorBoundary renders
// as the Not found page inside the site layout; the path of every unknown URL is logged on the server.

function notFound(request: Request): never {
  const { pathname } = new URL(request.url);
  // JSON-quoted: a path can carry anything, including line breaks that would forge log lines.
  console.warn(`404 Not Found: ${JSON.stringify(pathname)}`);
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

export const headers = pageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  return notFound(request);
}

// A POST to an unknown address is the same 404, not a "405 Method Not Allowed" from Remix.
export async function action({ request }: ActionFunctionArgs) {
  return notFound(request);
}

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: 'Page Not Found',
    description: 'The page you are looking for does not exist.',
    path: location.pathname,
    matches,
    noIndex: true,
  });

// Never rendered (the loader always throws); Remix needs a component to treat this as a page route.
export default function NotFoundRoute() {
  return null;
}
