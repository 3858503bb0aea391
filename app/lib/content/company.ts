// The company's fixed facts, written once: every page, meta description and structured-data block
// that states when the company was founded or how far it ships reads them here.

export const SITE_NAME = 'Car Export';
export const SITE_TAGLINE = 'Your Auto Trade Partner';

export const COMPANY = {
  name: SITE_NAME,
  founded: 2012,
  /** How many countries the company ships to, as the pages print it. */
  countries: '40+',
  /** The same, in a sentence's words. */
  countriesInWords: 'more than 40',
  vehiclesExported: '30,000+',
  vehiclesInBondedWarehouses: '2,000+',
  logoPath: '/favicon.svg',
} as const;

/** The company's headline figures, in the words the home page and the about page both show. */
export const COMPANY_FIGURES = [
  { value: String(COMPANY.founded), label: 'Founded' },
  { value: COMPANY.countries, label: 'Countries served' },
  { value: COMPANY.vehiclesExported, label: 'Vehicles exported' },
  { value: COMPANY.vehiclesInBondedWarehouses, label: 'Vehicles in bonded warehouses' },
] as const;
