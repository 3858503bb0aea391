import { NavLink } from '@remix-run/react';
import { authHref, useAuthDialog } from '~/lib/auth/auth-dialog';
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
 * instead; without JavaScript the same link goes to /login and on to /favorites.
 */
export function FavoritesLink({ signedIn, count, variant, className, activeClassName = '' }: FavoritesLinkProps) {
  const { openAuthDialog } = useAuthDialog();
  const badge = favoriteBadgeText(count);
  // The badge is drawn for the eye (aria-hidden); the link's name carries the count. WCAG 2.5.3: the
  // name must contain the visible words in their order, "Favorites" then the count, so it reads
  // "Favorites, 3 saved" (not "Favorites (3)": axe ignores parentheses and then misses the "3").
  const label = badge ? `Favorites, ${badge} saved` : 'Favorites';

  // In the DOM the word comes before the icon and its badge, so the visible text reads
  // "Favorites 3" like the name; `order-first` still draws the icon on the left.
  const content = (
    <>
      {/* With a badge the word steps right, clear of the badge that overhangs the icon. */}
      {variant === 'full' ? <span className={badge ? 'ml-2' : undefined}>Favorites</span> : null}{' '}
      <span className="relative order-first inline-flex">
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
