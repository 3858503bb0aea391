// /sitemaps/<file>: one file of the sitemap index. pages.xml lists the static pages; cars-<id>.xml
// and news-<id>.xml list up to 10,000 published cars or news posts from that id on, in id order,
// read from WordPress in one query. A name the index could not have given is a 404, and so is a
// file with nothing left in it (its cars were since removed), so crawlers drop it.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { publicOrigin } from '~/lib/server/env.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { lastmod, PAGES_FILE, sitemapXml, STATIC_PATHS, unavailable, xmlResponse } from '../[sitemap.xml]/sitemap.server';

const FILE = /^(cars|news)-(\d{1,10})\.xml$/;

const notFound = () => new Response('No such sitemap file.\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

export async function loader({ params, context }: LoaderFunctionArgs) {
  const origin = publicOrigin();
  const name = params.file ?? '';
  if (name === PAGES_FILE) return xmlResponse(sitemapXml(STATIC_PATHS.map((path) => ({ loc: `${origin}${path}` }))));
  const match = FILE.exec(name);
  const from = Number(match?.[2]);
  if (!match || from > 2147483647) return notFound();
  const kind = match[1] === 'news' ? 'news' : 'cars';
  let entries;
  try {
    entries = await wordpressOf(context).sitemapEntries(kind, from);
  } catch (error) {
    return unavailable('Sitemap file', error);
  }
  if (entries.length === 0) return notFound();
  const path = (key: string) => (kind === 'cars' ? `/car/${key}` : `/news/${encodeURIComponent(key)}`);
  return xmlResponse(sitemapXml(entries.map((e) => ({ loc: `${origin}${path(e.key)}`, lastmod: lastmod(e.modified) }))));
}
