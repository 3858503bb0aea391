import { type HeadersFunction, type LinksFunction, type MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { lazy, Suspense, useState, useEffect, type ReactNode } from 'react';
import { AnalyticsTracker } from '~/components/AnalyticsTracker';
import { FavoriteToasts } from '~/components/car/FavoriteToasts';
import { ErrorPage, NotFoundPage } from '~/components/layout/ErrorPages';
import { NavigationProgress } from '~/components/layout/NavigationProgress';
import { SiteLayout } from '~/components/layout/SiteLayout';
import { SESSION_ENDED_PARAM } from '~/forms/auth';
import { AuthDialogProvider, useAuthDialog } from '~/lib/auth/auth-dialog';
import { useFavoriteIds } from '~/lib/favorites/toggle';
import { useMergeGuestFavorites } from '~/lib/favorites/guest-favorites';
import { usePendingNavigation } from '~/lib/page/navigation-progress';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, pageMeta } from '~/lib/seo/meta';
import { isNetworkErrorResult } from '~/lib/page/network-error';
import { useNonce } from '~/lib/page/nonce';
import { deferred } from '~/lib/page/deferred';
import { RouteScroll, RouteScrollEnd, scrollKey } from '~/lib/page/scroll';
import stylesheet from '~/tailwind.css';
// The loader lives in one server module: each *.server module a route imports is an empty module in the
// browser build, and one shared by several routes becomes a tiny chunk of its own that every page
// would download (the root is on every page).
import { loader } from '~/lib/page/root-loader.server';

export { loader };

// Shown only while a car page loads after a click in a list, never on a first load: its code loads
// in the background instead of with every page.
const CarPageSkeleton = deferred(() => import('~/components/layout/deferred-parts').then((m) => m.CarPageSkeleton), undefined);

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export type { RootLoaderData } from '~/lib/page/root-data';

/**
 * Every page's header shows who is signed in, so a cache in front of the site must keep one copy per
 * session cookie. Routes without their own `headers` inherit this; routes with one should keep it
 * (`parentHeaders.get('Vary')`) when they add public caching.
 */
export const headers: HeadersFunction = () => ({ Vary: 'Cookie' });

/**
 * The session and favourites change only through actions (sign-in, logout, a heart), so a plain
 * navigation between pages does not ask WordPress again; any POST, or an explicit revalidate() on
 * the same URL, does.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, actionResult, defaultShouldRevalidate }) => {
  // A post (a heart, a lead) that never reached the server changed nothing, and reloading would fail the same way.
  if (isNetworkErrorResult(actionResult)) return false;
  if (formMethod && formMethod.toUpperCase() !== 'GET') {
    if (defaultShouldRevalidate) rootReloadOwed = true;
    return defaultShouldRevalidate;
  }
  // The reload after a submission was cut short by a navigation (a heart, then Favorites at once):
  // this navigation must bring the new session data, or the badge and lists show the old set.
  if (rootReloadOwed) return true;
  // A page found the session over and sent the visitor to sign in: the header must show them signed out.
  if (nextUrl.searchParams.get(SESSION_ENDED_PARAM) === '1') return true;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
};

/** Browser-only: set when a submission asks the root to reload, cleared once new root data arrives. */
let rootReloadOwed = false;

export const meta: MetaFunction<typeof loader> = ({ data, error, location }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return pageMeta({
      title: notFound ? 'Page Not Found' : 'Something Went Wrong',
      description: notFound ? 'The page you are looking for does not exist.' : DEFAULT_DESCRIPTION,
      path: location.pathname,
      origin: data?.origin,
      noIndex: true,
    });
  }
  return pageMeta({ title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, path: location.pathname, origin: data?.origin });
};

/** The document, shared by the app and the error boundary (so error pages keep the header). */
export function Layout({ children }: { children: ReactNode }) {
  // Undefined when the root loader itself failed: the page still renders, signed out.
  const data = useRouteLoaderData<typeof loader>('root');
  useEffect(() => {
    rootReloadOwed = false;
  }, [data]);
  const user = data?.user ?? null;
  useMergeGuestFavorites(user);
  // The badge counts in-flight heart toggles too, so it moves with the hearts (lib/favorites/toggle.tsx).
  const favoriteCount = useFavoriteIds().size;
  // Every inline script carries the response's CSP nonce (the policy allows no other inline script).
  const nonce = useNonce();
  const pending = usePendingNavigation();

  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#163864" />
        <Meta />
        <Links />
        {/* Without JavaScript, whatever waits for a script (marked data-needs-script) is hidden, and the
            page's <noscript> alternative shows instead. In the head, where a <noscript> may hold a
            <style>: in the body the style would be invalid HTML. */}
        <noscript>
          <style>{'[data-needs-script]{display:none}'}</style>
        </noscript>
      </head>
      <body>
        <AuthDialogProvider>
          <NavigationProgress active={pending.shown} />
          <SiteLayout user={user} favoriteCount={favoriteCount} busy={pending.shown}>
            {pending.carOpening ? <CarPageSkeleton /> : children}
          </SiteLayout>
          <LazyAuthDialog />
          <FavoriteToasts />
        </AuthDialogProvider>
        {/* Around ScrollRestoration: RouteScroll decides how its scroll moves, RouteScrollEnd smooths it. */}
        <RouteScroll />
        <AnalyticsTracker />
        <ScrollRestoration getKey={scrollKey} nonce={nonce} />
        <RouteScrollEnd />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const status = isRouteErrorResponse(error) ? error.status : undefined;
  // In the browser only: on the server, Remix's handleError (entry.server) has logged it once already.
  if (!isRouteErrorResponse(error) && typeof document !== 'undefined') console.error(error);
  // process.env.NODE_ENV is replaced at build time, so production bundles hold no stack.
  const detail =
    process.env.NODE_ENV === 'development'
      ? error instanceof Error
        ? `${error.message}\n\n${error.stack ?? ''}`
        : JSON.stringify(error, null, 2)
      : undefined;
  return <ErrorPage status={status} detail={detail} />;
}

// The sign-in dialog's code loads the first time a visitor opens it, not with every page: most
// visitors never sign in, and it keeps each page's first-load JavaScript inside the budget.
const AuthDialog = lazy(() => import('~/components/auth/AuthDialog').then((m) => ({ default: m.AuthDialog })));

function LazyAuthDialog() {
  const { state } = useAuthDialog();
  const [wanted, setWanted] = useState(false);
  // Once loaded it stays mounted, so closing runs the dialog's own focus return.
  useEffect(() => {
    if (state) setWanted(true);
  }, [state]);
  if (!wanted && !state) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
