// Structured data (schema.org JSON-LD) for crawlers, rendered safely into the page.
//
// Remix's `script:ld+json` meta descriptor writes JSON.stringify output straight into a <script>, so
// a value holding "</script>" (a car title typed in wp-admin) would end the script early and inject
// markup. Here every "<", ">", "&" and the two JavaScript line separators are escaped as \uXXXX,
// which JSON parsers read back as the same characters.
//
//   <script {...jsonLdScriptProps(organizationJsonLd({ origin, settings }))} />
import type { NewsPost, SiteSettings } from './wordpress/types';
import { SITE_NAME } from './meta';

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
export const COMPANY = {
  name: SITE_NAME,
  foundingDate: '2012',
  description:
    'Car exporter founded in 2012, shipping new and used vehicles from China to buyers and dealers in 40+ countries.',
  logoPath: '/favicon.svg',
} as const;

/** "+86 139 2050 8816" → "+8613920508816" (schema.org and tel: links want one unbroken number). */
export function compactPhone(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  return digits ? `${phone.trim().startsWith('+') ? '+' : ''}${digits}` : '';
}

/**
 * The company as a schema.org Organization (home and about pages). `settings` adds the contact
 * point and address when WordPress answered; without them the data is still valid.
 */
export function organizationJsonLd({ origin, settings }: { origin: string; settings?: SiteSettings | null }): JsonLd {
  const org: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${absolute(origin, '/')}#organization`,
    name: COMPANY.name,
    url: absolute(origin, '/'),
    logo: absolute(origin, COMPANY.logoPath),
    foundingDate: COMPANY.foundingDate,
    description: COMPANY.description,
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
    if (settings.address) org.address = { '@type': 'PostalAddress', streetAddress: settings.address, addressCountry: 'CN' };
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
