import { Link } from '@remix-run/react';
import { useId } from 'react';
import { SITE_NAME } from '~/lib/seo/meta';
import { LogoHomeLink } from './Logo';
import { COUNTRIES, FOUNDED } from '~/lib/content/company';

// The footer's company links, in this order; /contact-us is labelled "Careers With Us".
const COMPANY_LINKS = [
  { to: '/about-us', label: 'About Us' },
  { to: '/contact-us', label: 'Careers With Us' },
  { to: '/explore-cars', label: 'Explore Cars' },
  { to: '/news', label: 'News' },
];
const LEGAL_LINKS = [
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/terms-conditions', label: 'Terms & Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
];

function LinkList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold uppercase tracking-wider text-white">
        {title}
      </h2>
      <ul className="mt-4 space-y-3 text-sm">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} prefetch="intent" className="text-brand-200 transition-colors hover:text-white">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    // Below 768 px the footer reaches under the fixed bottom bar, so its last line stays visible.
    <footer className="mt-auto bg-brand-950 pb-[calc(4rem+env(safe-area-inset-bottom))] text-brand-100 md:pb-0">
      <div className="container-page grid gap-10 py-12 md:grid-cols-2 md:py-16 lg:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <LogoHomeLink tone="light" linkClassName="inline-flex" />
          <p className="mt-5 max-w-sm text-sm leading-relaxed text-brand-200">
            Founded in {FOUNDED}, we source quality new and used vehicles from China and export them to buyers and dealers in {COUNTRIES}{' '}
            countries.
          </p>
        </div>
        <LinkList title="Company" links={COMPANY_LINKS} />
        <LinkList title="Legal" links={LEGAL_LINKS} />
      </div>
      <div className="border-t border-brand-900">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-brand-300 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {SITE_NAME}. All rights reserved.
          </p>
          <p>
            Founded {FOUNDED} · Exporting to {COUNTRIES} countries
          </p>
        </div>
      </div>
    </footer>
  );
}
