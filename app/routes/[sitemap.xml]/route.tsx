// /sitemap.xml: a sitemap index (absolute URLs of the public origin, PUBLIC_URL) naming the file of
// the static pages and, for published cars (sold ones too) and news posts, one file per 10,000 in
// id order, each with the latest change in it as lastmod. WordPress names the files in one query;
// each file is read by its own (app/routes/sitemaps.$file).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { publicOrigin } from '~/lib/server/env.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { lastmod, PAGES_FILE, sitemapIndexXml, unavailable, xmlResponse } from './sitemap.server';

export async function loader({ context }: LoaderFunctionArgs) {
  const origin = publicOrigin();
  let files;
  try {
    files = await wordpressOf(context).sitemapFiles();
  } catch (error) {
    return unavailable('Sitemap index', error);
  }
  return xmlResponse(
    sitemapIndexXml([
      { loc: `${origin}/sitemaps/${PAGES_FILE}` },
      ...files.map((f) => ({ loc: `${origin}/sitemaps/${f.kind}-${f.from}.xml`, lastmod: lastmod(f.modified) })),
    ]),
  );
}
