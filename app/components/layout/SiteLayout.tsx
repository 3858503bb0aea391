import type { ReactNode } from 'react';
import type { SessionUser } from '~/lib/wordpress/types';
import { CompareTraySlot } from '~/components/car/CompareTraySlot';
import { deferred } from '~/lib/page/deferred';
import * as ServerFooter from './footer.server';
import { Header } from './Header';
import { MobileBottomBar } from './MobileBottomBar';

// Static links at the bottom of every page: server-rendered, hydrated after the rest of the page so
// its code is not part of every page's first-load JavaScript.
const Footer = deferred(() => import('./deferred-parts').then((m) => m.Footer), ServerFooter.Footer);

type SiteLayoutProps = {
  user: SessionUser | null;
  favoriteCount: number;
  /** The next page is loading: the content area says so to assistive technology. */
  busy?: boolean;
  children: ReactNode;
};

/** Header, the page, footer and (below 768 px) the bottom bar, whose height pads the footer. */
export function SiteLayout({ user, favoriteCount, busy = false, children }: SiteLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow-card focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header user={user} favoriteCount={favoriteCount} />
      <main id="main" tabIndex={-1} aria-busy={busy || undefined} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <Footer />
      <CompareTraySlot />
      <MobileBottomBar />
    </div>
  );
}
