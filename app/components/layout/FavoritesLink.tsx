import { NavLink } from '@remix-run/react';
import { authHref, useAuthDialog } from '~/lib/auth-dialog';
import { HeartIcon } from './icons';
import { FAVORITES_PATH, favoriteBadgeText } from './nav';

type FavoritesLinkProps = {
  signedIn: boolean;
  count: number;
  /** "full": icon + "Favorites" (desktop nav); "icon": the icon alone (compact header). */
  variant: 'full' | 'icon';
  className: string;
  /** Added when /favorites is the current page. */
  activeClassName?: string;
};

/**
 * The header's Favorites entry. Signed in: a link to /favorites. Signed out: the sign-in dialog opens
 * instead (spec section 2); without JavaScript the same link goes to /login and on to /favorites.
 */
export function FavoritesLink({ signedIn, count, variant, className, activeClassName = '' }: FavoritesLinkProps) {
  const { openAuthDialog } = useAuthDialog();
  const badge = favoriteBadgeText(count);
  // The badge is drawn for the eye; the link's name carries the count for screen readers.
  const label = badge ? `Favorites (${badge})` : 'Favorites';

  const content = (
    <>
      <span className="relative inline-flex">
        <HeartIcon className={variant === 'icon' ? 'h-6 w-6' : 'h-5 w-5'} />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="favorites-badge"
            className="absolute -right-2.5 -top-2 min-w-[1.15rem] rounded-full bg-accent-500 px-1 text-center text-[0.65rem] font-bold leading-[1.15rem] text-white ring-2 ring-white"
          >
            {badge}
          </span>
        ) : null}
      </span>
      {variant === 'full' ? <span>Favorites</span> : null}
    </>
  );

  if (signedIn) {
    return (
      <NavLink
        to={FAVORITES_PATH}
        prefetch="intent"
        aria-label={label}
        className={({ isActive }) => (isActive ? `${className} ${activeClassName}` : className)}
      >
        {content}
      </NavLink>
    );
  }
  return (
    <a
      href={authHref('login', FAVORITES_PATH)}
      aria-haspopup="dialog"
      aria-label={label}
      className={className}
      onClick={(event) => {
        // Ctrl/Cmd-click and middle-click keep the browser's "open in new tab" meaning.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        openAuthDialog('login', { redirectTo: FAVORITES_PATH });
      }}
    >
      {content}
    </a>
  );
}
