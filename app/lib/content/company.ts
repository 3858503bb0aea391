// The company's fixed facts, written once: every page, meta description and structured-data block
// that states when the company was founded or how far it ships reads them here (its headline figures,
// shown by two pages only, are in company-figures.ts, so no other page downloads them).

export const SITE_NAME = 'Car Export';
export const SITE_TAGLINE = 'Your Auto Trade Partner';

// Also as plain constants: the header, footer and default description of every page use only these,
// so the bundler leaves the rest of COMPANY out of every page's first-load script.
export const FOUNDED = 2012;
/** How many countries the company ships to, as the pages print it. */
export const COUNTRIES = '40+';

export const COMPANY = {
  name: SITE_NAME,
  founded: FOUNDED,
  countries: COUNTRIES,
  /** The same, in a sentence's words. */
  countriesInWords: 'more than 40',
  logoPath: '/favicon.svg',
} as const;
