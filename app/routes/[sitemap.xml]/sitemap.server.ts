// What the sitemap index and its files share: the static pages, the XML they are written in, and
// the answer while WordPress cannot list the catalogue.
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { failedPageInit } from '~/lib/wordpress/failure.server';

/** The pages that exist without WordPress content, most important first. */
export const STATIC_PATHS = [
  '/',
  '/explore-cars',
  '/news',
  '/about-us',
  '/contact-us',
  '/cookie-policy',
  '/terms-conditions',
  '/privacy-policy',
];

/** The file of the static pages; the others are named `<kind>-<first id>.xml`. */
export const PAGES_FILE = 'pages.xml';

export type Entry = { loc: string; lastmod?: string };

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** A WordPress date as W3C datetime; undefined when it cannot be read (lastmod is optional). */
export function lastmod(value: string): string | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function entries(tag: 'url' | 'sitemap', list: Entry[]): string {
  return list
    .map((e) => `  <${tag}>\n    <loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `\n    <lastmod>${e.lastmod}</lastmod>` : ''}\n  </${tag}>`)
    .join('\n');
}

export function sitemapXml(list: Entry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries('url', list)}\n</urlset>\n`;
}

export function sitemapIndexXml(list: Entry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries('sitemap', list)}\n</sitemapindex>\n`;
}

/** An XML answer crawlers and CDNs may keep five minutes (WordPress purges the site's own copy). */
export function xmlResponse(xml: string): Response {
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', ...cacheHeaders('crawler') } });
}

/** A sitemap without the cars would tell crawlers they are gone: "try later" is the honest answer. */
export function unavailable(what: string, error: unknown): Response {
  console.error(`${what}: WordPress unavailable:`, error instanceof Error ? error.message : error);
  return new Response('Sitemap temporarily unavailable.\n', failedPageInit(error, { 'Content-Type': 'text/plain; charset=utf-8' }));
}
