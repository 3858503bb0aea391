import { NavLink } from '@remix-run/react';
import type { SessionUser } from '~/lib/wordpress/types';
import { AccountArea } from './AccountArea';
import { FavoritesLink } from './FavoritesLink';
import { GlobeIcon } from './icons';
import { LogoHomeLink } from './Logo';
import { HEADER_NAV } from './nav';
import { COUNTRIES, FOUNDED } from '~/lib/content/company';

type HeaderProps = { user: SessionUser | null; favoriteCount: number };

const navLink =
  'relative inline-flex items-center gap-1.5 rounded-md px-2.5 py-2 text-[0.95rem] font-medium text-slate-600 transition-colors hover:text-brand-700 lg:px-3';
// The active page: darker text and an amber bar on the header's bottom edge.
const navLinkActive =
  'text-brand-900 font-semibold after:absolute after:inset-x-2.5 after:-bottom-[15px] after:h-[3px] after:rounded-full after:bg-accent-500 lg:after:inset-x-3';

/**
 * A thin strip with the company line and the fixed English / USD labels (on phones the labels only:
 * the site's language and currency are part of every header), then the main bar (logo, navigation
 * with Favorites and its badge, account). Below 768 px the main bar is compact (logo, favourites,
 * account) and the navigation moves to the bottom bar.
 * The whole header is sticky with a negative top so the strip scrolls away and the main bar stays.
 */
export function Header({ user, favoriteCount }: HeaderProps) {
  return (
    <header className="sticky -top-9 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="h-9 bg-brand-950 text-xs text-brand-100">
        <div className="container-page flex h-full items-center justify-between gap-4">
          <p className="hidden sm:block">
            Trusted car exporter since {FOUNDED} <span aria-hidden="true">·</span> Shipping to {COUNTRIES} countries
          </p>
          {/* Fixed labels, no switching. */}
          <ul className="ml-auto flex items-center gap-4" aria-label="Language and currency">
            <li className="flex items-center gap-1.5">
              <GlobeIcon className="h-3.5 w-3.5" />
              <span>English</span>
            </li>
            <li className="flex items-center gap-1.5 border-l border-brand-700 pl-4">
              <span aria-hidden="true" className="font-semibold text-accent-300">
                $
              </span>
              <span>USD</span>
            </li>
          </ul>
        </div>
      </div>

      <div className="container-page flex h-16 items-center justify-between gap-2 md:h-[4.5rem] md:gap-3">
        {/* Narrower than 390 px the mark alone: the name would push Sign Up past the screen's edge. It stays
            the link's spoken name. */}
        <LogoHomeLink taglineClassName="hidden lg:block" wordmarkClassName="max-[389px]:sr-only" linkClassName="flex-none" />

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {HEADER_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  prefetch="intent"
                  className={({ isActive }) => (isActive ? `${navLink} ${navLinkActive}` : navLink)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <FavoritesLink
                signedIn={user !== null}
                count={favoriteCount}
                variant="full"
                className={navLink}
                activeClassName={navLinkActive}
              />
            </li>
          </ul>
        </nav>

        <div className="flex min-w-0 items-center gap-1 md:gap-2">
          <FavoritesLink
            signedIn={user !== null}
            count={favoriteCount}
            variant="icon"
            className="relative inline-flex rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-brand-700 md:hidden"
            activeClassName="text-brand-800"
          />
          <AccountArea user={user} />
        </div>
      </div>
    </header>
  );
}
