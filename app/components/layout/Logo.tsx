import { Link } from '@remix-run/react';
import { SITE_NAME, SITE_TAGLINE } from '~/lib/seo/meta';

type LogoMarkProps = { className?: string };

/**
 * The mark: a globe (the export routes) behind a car, on the brand's navy tile. Own drawing, inline
 * so it costs no request and stays sharp at every size.
 */
export function LogoMark({ className = 'h-10 w-10' }: LogoMarkProps) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" className="fill-brand-800" />
      <g fill="none" className="stroke-brand-300" strokeWidth="1.5">
        <circle cx="20" cy="17" r="10" />
        <ellipse cx="20" cy="17" rx="4.2" ry="10" />
        <path d="M10.4 14h19.2M11.6 21.5h16.8" />
      </g>
      <path
        d="M6.5 29.2v-2a2 2 0 0 1 1.6-2l2.9-.6 2.9-3.3a3 3 0 0 1 2.3-1h6.3a3 3 0 0 1 2.1.9l3.3 3.3 3.6.7a2 2 0 0 1 1.6 2v2z"
        className="fill-white"
      />
      <path d="M16.3 21.6h3v3h-5.3zM21 21.6h2.2l2.6 3H21z" className="fill-brand-800" />
      {/* The bright amber: it sits on the navy tile, where the darker text shades would fade. */}
      <circle cx="12.8" cy="29.4" r="2.9" className="fill-accent-400 stroke-brand-800" strokeWidth="1.4" />
      <circle cx="27.3" cy="29.4" r="2.9" className="fill-accent-400 stroke-brand-800" strokeWidth="1.4" />
    </svg>
  );
}

type LogoProps = {
  /** "dark" text for light backgrounds, "light" for the footer's navy. */
  tone?: 'dark' | 'light';
  /** Classes of the tagline under the name, e.g. "hidden lg:block"; "hidden" drops it. */
  taglineClassName?: string;
  /** Classes of the name and tagline together, e.g. to keep only the mark on the narrowest phones. */
  wordmarkClassName?: string;
  className?: string;
};

/**
 * Mark + wordmark. The wordmark is the real site name with its space, and a space separates it from the
 * tagline, so the visible words are exactly what a link around the logo is called (WCAG 2.5.3: a voice
 * user says what they see).
 */
export function Logo({ tone = 'dark', taglineClassName = 'block', wordmarkClassName = '', className = '' }: LogoProps) {
  const name = tone === 'dark' ? 'text-brand-950' : 'text-white';
  // Light tone sits on the footer's navy: the bright amber reads there, the text shade would not.
  const second = tone === 'dark' ? 'text-accent-500' : 'text-accent-400';
  const tagline = tone === 'dark' ? 'text-slate-500' : 'text-brand-200';
  const [first, ...rest] = SITE_NAME.split(' ');
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <LogoMark className="h-9 w-9 flex-none md:h-10 md:w-10" />
      <span className={`flex flex-col leading-none ${wordmarkClassName}`}>
        <span className={`text-lg font-extrabold tracking-tight md:text-xl ${name}`}>
          {first} <span className={second}>{rest.join(' ')}</span>
        </span>{' '}
        <span className={`mt-1 text-[0.68rem] font-medium uppercase tracking-[0.14em] ${tagline} ${taglineClassName}`}>{SITE_TAGLINE}</span>
      </span>
    </span>
  );
}

type LogoHomeLinkProps = LogoProps & { linkClassName?: string };

/**
 * The logo as the link home. Its name is the visible text (name, and the tagline where shown) followed
 * by a screen-reader-only ", home": it starts with what is on screen, as 2.5.3 asks, and still says
 * where it goes.
 */
export function LogoHomeLink({ linkClassName = '', ...logo }: LogoHomeLinkProps) {
  return (
    <Link to="/" className={`rounded-lg ${linkClassName}`}>
      <Logo {...logo} />
      <span className="sr-only">, home</span>
    </Link>
  );
}
