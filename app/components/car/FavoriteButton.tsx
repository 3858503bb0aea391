import { useFetcher, useLocation } from '@remix-run/react';
import type { FormEvent } from 'react';
import { HeartIcon } from '~/components/layout/icons';
import { useAuthDialog } from '~/lib/auth/auth-dialog';
import { removeGuestFavorite } from '~/lib/favorites/guest-favorites';
import { useRootData } from '~/lib/page/root-data';
import { FAVORITES_ACTION, favoriteFetcherKey, useFavoriteIds, useGuestFavoriteIds, type FavoriteToggleData } from '~/lib/favorites/toggle';

type FavoriteButtonProps = {
  carId: number;
  /** "overlay": a round icon button on a car photo; "outline": a bordered button with text (detail page). */
  appearance?: 'overlay' | 'outline';
  className?: string;
};

/**
 * The heart of a car, on cards and the detail page. A real form posting to /resources/favorites, so
 * without JavaScript it still works (the action redirects back, or to /login when signed out). With
 * JavaScript it is a fetcher: every heart of the car flips at once (lib/favorites/toggle.tsx derives the set
 * from the root data plus in-flight toggles) and FavoriteToasts reports a failure. Signed out, the
 * toggle is not applied (the heart stays as it was) and the sign-in dialog opens; signing in or
 * registering there adds the tapped car. A heart filled for a favourite an earlier version kept on this
 * device removes it from the device (the rest are merged into the account at sign-in).
 */
export function FavoriteButton({ carId, appearance = 'overlay', className = '' }: FavoriteButtonProps) {
  const signedIn = Boolean(useRootData()?.user);
  // One key per car: all hearts of a car share the toggle, and a second tap supersedes the first.
  const fetcher = useFetcher<FavoriteToggleData>({ key: favoriteFetcherKey(carId) });
  const favoriteIds = useFavoriteIds();
  const guestIds = useGuestFavoriteIds();
  const { openAuthDialog } = useAuthDialog();
  const location = useLocation();

  const pressed = signedIn ? favoriteIds.has(carId) : guestIds.includes(carId);
  const label = pressed ? 'Remove from favorites' : 'Add to favorites';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (signedIn) return;
    // Without JavaScript this handler never runs and the action sends the visitor to /login.
    event.preventDefault();
    // A car kept on this device is removed there; any other heart asks to sign in and adds it after.
    if (pressed) removeGuestFavorite(carId);
    else openAuthDialog('login', { favoriteCarId: carId });
  }

  const overlay = appearance === 'overlay';
  return (
    <fetcher.Form method="post" action={FAVORITES_ACTION} onSubmit={onSubmit} className={className}>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="carId" value={carId} />
      <input type="hidden" name="action" value={pressed ? 'remove' : 'add'} />
      {/* Where a post without JavaScript returns to. */}
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-pressed={pressed}
        // The outline button's visible text names it; the icon-only overlay needs a label.
        aria-label={overlay ? label : undefined}
        title={overlay ? label : undefined}
        data-testid="favorite-button"
        className={
          overlay
            ? // The hairline ring would replace the site's focus ring (a ring too): the keyboard focus gets its own.
              `inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/95 shadow-card ring-1 ring-slate-900/5 backdrop-blur transition hover:scale-105 hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 ${
                pressed ? 'text-red-500' : 'text-slate-600 hover:text-red-500'
              }`
            : `btn border ${
                pressed
                  ? 'border-red-200 bg-red-50 text-red-600 hover:bg-red-100'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-red-200 hover:text-red-600'
              }`
        }
      >
        {/* Filled when saved, an outline when not: the shape tells them apart, not only the colour. A
            class, as the icon frame's own rule (icon-stroke) would win over a fill attribute. */}
        <HeartIcon className={pressed ? 'h-5 w-5 fill-current' : 'h-5 w-5'} />
        {overlay ? null : <span>{pressed ? 'Remove from favorites' : 'Add to favorites'}</span>}
      </button>
    </fetcher.Form>
  );
}
