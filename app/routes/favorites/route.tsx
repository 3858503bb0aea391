import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { parseCarIdList } from '~/forms/car-id';
import { cacheHeaders, pageHeaders } from '~/lib/http/cache-headers.server';
import { failedPageInit } from '~/lib/wordpress/failure.server';
import { Form, Link, useFetcher, useLoaderData, useNavigation, useRevalidator, type ShouldRevalidateFunction } from '@remix-run/react';
import { useEffect, useMemo, useRef } from 'react';
import { CarCard } from '~/components/car/CarCard';
import { THREE_COLUMN_SIZES } from '~/components/ui/picture';
import { CompareFavoritesLink } from '~/components/car/CompareFavoritesLink';
import { HeartIcon } from '~/components/layout/icons';
import { buttonClass } from '~/components/ui/Button';
import { Spinner } from '~/components/ui/Spinner';
import { authHref, useAuthDialog } from '~/lib/auth/auth-dialog';
import { useFavoriteIds, useGuestFavoritesOnDevice } from '~/lib/favorites/toggle';
import { isNetworkErrorResult } from '~/lib/page/network-error';
import { useRootData } from '~/lib/page/root-data';
import { staticPageMeta } from '~/lib/seo/meta';
import { endSessionAndSignIn, isSessionEnded, readSession } from '~/lib/auth/session.server';
import { cardFromDetail } from '~/lib/wordpress/map.server';
import type { CarCard as Car, CarDetail } from '~/lib/wordpress/types';
import { wordpressOf } from '~/lib/server/load-context.server';

export const FAVORITES_LOAD_FAILED = 'Failed to load favorites';
/** Guest favourites are read by id one car at a time; more than this many is not a real visitor. */
const MAX_GUEST_IDS = 48;

export const meta = staticPageMeta({
  title: 'My Favorites',
  description: 'The cars you saved: compare them side by side and contact us about any of them.',
  path: '/favorites',
  noIndex: true,
});

// Per-visitor content: never stored by a shared cache, nor by the browser's back/forward cache of HTML.
export const headers = pageHeaders;

export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isNetworkErrorResult(actionResult) ? false : defaultShouldRevalidate;

/** `?ids=3,17`: the guest favourites the browser holds (the server cannot read localStorage). */
function guestIdsParam(url: URL): number[] {
  return parseCarIdList([url.searchParams.get('ids') ?? '']).ids.slice(0, MAX_GUEST_IDS);
}

type LoaderData = { signedIn: boolean; favorites: Car[]; error: string | null };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const noStore = cacheHeaders('none');
  const { auth, ended } = await readSession(request, context);
  // A device signed out elsewhere (a password change) is asked to sign in, not shown a guest's list.
  if (ended) throw await endSessionAndSignIn(request, noStore);

  if (!auth) {
    const ids = guestIdsParam(new URL(request.url));
    if (ids.length === 0) return json<LoaderData>({ signedIn: false, favorites: [], error: null }, { headers: noStore });
    try {
      // Cars unpublished since the guest saved them come back null and are left out.
      const cars = await Promise.all(ids.map((id) => wordpressOf(context).getCar(id)));
      const favorites = cars.filter((c): c is CarDetail => c !== null).map(cardFromDetail);
      return json<LoaderData>({ signedIn: false, favorites, error: null }, { headers: noStore });
    } catch (error) {
      console.error('Guest favourites could not be loaded:', error instanceof Error ? error.message : error);
      return json<LoaderData>({ signedIn: false, favorites: [], error: FAVORITES_LOAD_FAILED }, failedPageInit(error));
    }
  }

  try {
    const list = await wordpressOf(context).favorites(auth.token);
    if (!list.success) throw new Error('WordPress answered success: false');
    return json<LoaderData>({ signedIn: true, favorites: list.favorites, error: null }, { headers: noStore });
  } catch (error) {
    if (isSessionEnded(error)) throw await endSessionAndSignIn(request, noStore);
    console.error('Favourites could not be loaded:', error instanceof Error ? error.message : error);
    return json<LoaderData>({ signedIn: true, favorites: [], error: FAVORITES_LOAD_FAILED }, failedPageInit(error));
  }
}

/**
 * The list could not be loaded at all (the connection dropped on the way, the site could not be
 * reached): the page stays, with its message and Try Again, rather than the site's error page.
 */
export function ErrorBoundary() {
  const signedIn = Boolean(useRootData()?.user);
  return <FavoritesView cars={[]} error={FAVORITES_LOAD_FAILED} loading={false} signedIn={signedIn} />;
}

export default function FavoritesPage() {
  const data = useLoaderData<typeof loader>();
  return data.signedIn ? <AccountFavorites /> : <GuestFavorites />;
}

/** Signed in: the server's list, minus cards whose heart was just untapped (optimistic removal). */
function AccountFavorites() {
  const data = useLoaderData<typeof loader>();
  const ids = useFavoriteIds();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const cars = useMemo(() => data.favorites.filter((car) => ids.has(car.id)), [data.favorites, ids]);

  // Only a list that was empty shows the spinner while reloading: one that just lost its last card
  // shows the empty state at once, which is what the visitor did.
  const reloading = revalidator.state === 'loading' || (navigation.state === 'loading' && navigation.location.pathname === '/favorites');
  const loading = reloading && data.favorites.length === 0;

  return <FavoritesView cars={cars} error={data.error} loading={loading} signedIn />;
}

/**
 * Signed out: the cars this browser remembers, fetched by id after hydration. Until the device's list
 * has been read (the server's render and the first client render) the page shows the loading state,
 * never a false "No favorites yet"; without JavaScript nothing can be read, so the empty state shows.
 */
function GuestFavorites() {
  const onDevice = useGuestFavoritesOnDevice();
  const fetcher = useFetcher<typeof loader>();
  const idsKey = onDevice ? onDevice.slice(0, MAX_GUEST_IDS).join(',') : '';
  // fetcher.load changes identity on every render; the list is loaded again only when the ids change.
  const loadRef = useRef(fetcher.load);
  loadRef.current = fetcher.load;

  useEffect(() => {
    if (idsKey) loadRef.current(`/favorites?${new URLSearchParams({ ids: idsKey })}`);
  }, [idsKey]);

  if (onDevice === null) return <FavoritesView cars={[]} error={null} loading="device" signedIn={false} />;
  const loaded = fetcher.data && !fetcher.data.signedIn ? fetcher.data : null;
  const cars = idsKey && loaded ? loaded.favorites.filter((car) => onDevice.includes(car.id)) : [];
  const loading = Boolean(idsKey) && (!loaded || fetcher.state === 'loading') && cars.length === 0;

  return (
    <FavoritesView
      cars={cars}
      error={idsKey ? (loaded?.error ?? null) : null}
      loading={loading}
      signedIn={false}
      // The cars of this device are fetched, not the page: Try Again asks for them again.
      onRetry={() => loadRef.current(`/favorites?${new URLSearchParams({ ids: idsKey })}`)}
    />
  );
}

type FavoritesViewProps = {
  cars: Car[];
  error: string | null;
  /** Try Again with JavaScript, for a list the page did not load itself; else it reloads the page. */
  onRetry?: () => void;
  /** "device": the guest list on this device is not read yet (only JavaScript can read it). */
  loading: boolean | 'device';
  signedIn: boolean;
};

/** The page around one of its four states: loading, error, empty, list. */
function FavoritesView({ cars, error, loading, signedIn, onRetry }: FavoritesViewProps) {
  const count = cars.length;
  const summary =
    loading || error ? null : count === 0 ? 'No favorite cars yet' : `You have ${count} favorite ${count === 1 ? 'car' : 'cars'}`;

  return (
    <div className="bg-slate-50/60 pb-16">
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page py-8 sm:py-10">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">Saved cars</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">My Favorites</h1>
          {summary ? (
            <p className="mt-2 text-slate-600" data-testid="favorites-summary">
              {summary}
            </p>
          ) : null}
        </div>
      </header>

      <div className="container-page mt-8 space-y-8">
        {/* A guest is told how to keep favourites, with none yet too (just signed out, or a new
            device: signing in brings back the account's); it waits while the list loads. */}
        {signedIn || loading ? null : <SignInBanner />}
        {loading === 'device' ? (
          <>
            <div data-needs-script="">
              <LoadingState />
            </div>
            <noscript>
              <div className="space-y-8">
                <SignInBanner />
                <EmptyState />
              </div>
            </noscript>
          </>
        ) : loading ? (
          <LoadingState />
        ) : error ? (
          <ErrorState message={error} onRetry={onRetry} />
        ) : count === 0 ? (
          <EmptyState />
        ) : (
          <section aria-labelledby="favorites-list-heading">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <h2 id="favorites-list-heading" className="sr-only">
                Your favorite cars
              </h2>
              {count > 1 ? <CompareFavoritesLink ids={cars.map((c) => c.id)} /> : null}
            </div>
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {cars.map((car, index) => (
                <li key={car.id}>
                  <CarCard car={car} priority={index < 3} sizes={THREE_COLUMN_SIZES} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

function LoadingState() {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-4 py-20 text-slate-600">
      <Spinner className="h-10 w-10 text-brand-600" />
      <p>Loading your favorites...</p>
    </div>
  );
}

function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-white px-6 py-10 text-center shadow-card">
      <h2 className="text-xl font-semibold text-slate-900">My Favorites</h2>
      <p role="alert" className="mt-2 text-red-700">
        {message}
      </p>
      {/* A GET of this page: Remix reloads its data with JavaScript, the browser reloads it without. */}
      <Form
        method="get"
        action="/favorites"
        className="mt-6"
        onSubmit={(event) => {
          if (!onRetry) return;
          event.preventDefault();
          onRetry();
        }}
      >
        <button type="submit" className={buttonClass('primary')}>
          Try Again
        </button>
      </Form>
    </div>
  );
}

function EmptyState() {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-card">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-500">
        <HeartIcon className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">No favorites yet</h2>
      <p className="mt-2 text-slate-600">Start exploring our car collection and add vehicles you love to your favorites.</p>
      <Link to="/explore-cars" className={buttonClass('primary', 'mt-6')}>
        Explore Cars
      </Link>
    </div>
  );
}

/** A signed-out visitor is asked to sign in so favourites follow them to every device. */
function SignInBanner() {
  const { openAuthDialog } = useAuthDialog();
  return (
    <aside
      aria-labelledby="favorites-sign-in"
      className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 flex-none items-center justify-center rounded-full bg-white text-brand-700 ring-1 ring-brand-200">
          <HeartIcon className="h-5 w-5" />
        </span>
        <div>
          <h2 id="favorites-sign-in" className="font-semibold text-brand-900">
            Sign in to save your favorites
          </h2>
          <p className="mt-0.5 text-sm text-brand-800">
            Favorites you add while signed out stay on this device only. Sign in to keep them on every device.
          </p>
        </div>
      </div>
      <a
        href={authHref('login', '/favorites')}
        aria-haspopup="dialog"
        className={buttonClass('primary', 'sm:flex-none')}
        onClick={(event) => {
          // Modified clicks keep the browser's "open in new tab" meaning.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          openAuthDialog('login');
        }}
      >
        Sign In / Register
      </a>
    </aside>
  );
}
