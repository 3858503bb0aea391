// Structured data (schema.org JSON-LD) for crawlers, rendered safely into the page.
//
// Remix's `script:ld+json` meta descriptor writes JSON.stringify output straight into a <script>, so
// a value holding "</script>" (a car title typed in wp-admin) would end the script early and inject
// markup. Here every "<", ">", "&" and the two JavaScript line separators are escaped as \uXXXX,
// which JSON parsers read back as the same characters.
//
//   <script {...jsonLdScriptProps(organizationJsonLd({ origin, settings }))} />
import type { NewsPost, SiteSettings } from '~/lib/wordpress/types';
import { compactPhone } from '~/lib/leads/phone';
import { COMPANY } from '~/lib/content/company';

export type JsonLd = { [key: string]: unknown };

const UNSAFE = /[<>&\u2028\u2029]/g;

export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Props of a <script> element holding the data: `<script {...jsonLdScriptProps(data)} />`. */
export function jsonLdScriptProps(data: JsonLd | JsonLd[]) {
  return {
    type: 'application/ld+json',
    // Safe: serializeJsonLd escapes every character that could close the element.
    dangerouslySetInnerHTML: { __html: serializeJsonLd(data) },
  } as const;
}

function absolute(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/+$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** Company facts, shared by the about page copy and the Organization data. */
/** The organisation's own description in its structured data. */
const COMPANY_DESCRIPTION = `Car exporter founded in ${COMPANY.founded}, shipping new and used vehicles from China to buyers and dealers in ${COMPANY.countries} countries.`;

type PostalAddress = {
  '@type': 'PostalAddress';
  streetAddress: string;
  addressLocality?: string;
  postalCode?: string;
  addressCountry?: string;
};

// A Map: the country is free text typed in wp-admin, and "constructor" must not find Object's own.
const COUNTRY_CODES = new Map([
  ['china', 'CN'],
  ["people's republic of china", 'CN'],
  ['prc', 'CN'],
]);

/**
 * WordPress keeps the address as one line ("Room 1806, …, Tianjin 300456, China"). Split it into
 * schema.org parts when it has the usual "…, City 123456, Country" ending; otherwise keep it whole.
 */
export function postalAddress(address: string): PostalAddress | null {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const out: PostalAddress = { '@type': 'PostalAddress', streetAddress: parts.join(', ') };
  if (parts.length >= 3) {
    const country = parts[parts.length - 1]!;
    const cityLine = parts[parts.length - 2]!.match(/^(.*?)\s+(\d{4,6})$/);
    if (cityLine) {
      out.streetAddress = parts.slice(0, -2).join(', ');
      out.addressLocality = cityLine[1]!;
      out.postalCode = cityLine[2]!;
      out.addressCountry = COUNTRY_CODES.get(country.toLowerCase()) ?? country;
    }
  }
  // Without the postcode the line stays whole, but a country we recognise is still named.
  const known = parts.length >= 2 ? COUNTRY_CODES.get(parts[parts.length - 1]!.toLowerCase()) : undefined;
  if (!out.addressCountry && known) out.addressCountry = known;
  return out;
}

/**
 * The company as a schema.org Organization, the one description crawlers get on every page that
 * publishes it (home, about). The fixed facts are COMPANY's; the contact point and address come from
 * WordPress's site settings when it answered (without them the data is still valid).
 */
export function organizationJsonLd({ origin, settings }: { origin: string; settings?: SiteSettings | null }): JsonLd {
  const org: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${absolute(origin, '/')}#organization`,
    name: COMPANY.name,
    url: absolute(origin, '/'),
    logo: absolute(origin, COMPANY.logoPath),
    foundingDate: String(COMPANY.founded),
    description: COMPANY_DESCRIPTION,
    areaServed: 'Worldwide',
  };
  if (settings) {
    const telephone = compactPhone(settings.phone);
    if (settings.email || telephone) {
      org.contactPoint = [
        {
          '@type': 'ContactPoint',
          contactType: 'sales',
          ...(telephone ? { telephone } : {}),
          ...(settings.email ? { email: settings.email } : {}),
          availableLanguage: ['English', 'Chinese'],
          areaServed: 'Worldwide',
        },
      ];
    }
    const address = postalAddress(settings.address);
    if (address) org.address = address;
  }
  return org;
}

/** A news post as a schema.org NewsArticle. `path` is the article's own path (/news/{slug}). */
export function newsArticleJsonLd({ origin, post, path }: { origin: string; post: NewsPost; path: string }): JsonLd {
  const url = absolute(origin, path);
  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: post.title.slice(0, 110),
    description: post.excerpt,
    datePublished: post.date,
    dateModified: post.date,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: { '@type': 'Organization', name: COMPANY.name, url: absolute(origin, '/') },
    publisher: {
      '@type': 'Organization',
      name: COMPANY.name,
      logo: { '@type': 'ImageObject', url: absolute(origin, COMPANY.logoPath) },
    },
  };
  if (post.categories.length > 0) data.articleSection = post.categories[0];
  if (post.image) data.image = [absolute(origin, post.image.url)];
  return data;
}
