// /sitemap.xml: every published car and news post and the static pages, as absolute URLs of the
// public origin (PUBLIC_URL). Cached five minutes by browsers and CDNs; the
// WordPress client caches the lists too, and WordPress purges that cache when content changes.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { publicOrigin } from '~/lib/server/env.server';
import { wordpressOf } from '~/lib/server/load-context.server';
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

type Entry = { loc: string; lastmod?: string };

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** A WordPress date as W3C datetime; undefined when it cannot be read (lastmod is optional). */
function lastmod(value: string): string | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function sitemapXml(entries: Entry[]): string {
  const urls = entries.map(
    (e) => `  <url>\n    <loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `\n    <lastmod>${e.lastmod}</lastmod>` : ''}\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export async function loader({ context }: LoaderFunctionArgs) {
  const origin = publicOrigin();
  let data;
  try {
    data = await wordpressOf(context).sitemap();
  } catch (error) {
    // A sitemap without the cars would tell crawlers they are gone: "try later" is the honest answer.
    console.error('Sitemap: WordPress unavailable:', error instanceof Error ? error.message : error);
    return new Response('Sitemap temporarily unavailable.\n', failedPageInit(error, { 'Content-Type': 'text/plain; charset=utf-8' }));
  }
  const entries: Entry[] = [
    ...STATIC_PATHS.map((path) => ({ loc: `${origin}${path}` })),
    ...data.cars.map((car) => ({ loc: `${origin}/car/${car.id}`, lastmod: lastmod(car.modified) })),
    ...data.news.map((post) => ({ loc: `${origin}/news/${encodeURIComponent(post.slug)}`, lastmod: lastmod(post.modified) })),
  ];
  return new Response(sitemapXml(entries), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      ...cacheHeaders('crawler'),
    },
  });
}
