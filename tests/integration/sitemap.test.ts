// /sitemap.xml is an index of files of at most N URLs (10,000; 25 here, set in WordPress for this
// file, so 112 cars take five files): following it lists every published car once, in id order and
// past the first file, every news post and the static pages, each file's lastmod is the latest
// change in it, and drafts, private and trashed cars and news posts are never listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAll } from './support/catalogue';
import { wpPhp } from './support/local';
import { purgeSiteCache, SITE } from './support/site';
import { gqlData } from './support/wordpress';
import { SITEMAP_STATIC_PATHS } from '../fixtures/expected';

const EXTRA_CARS = 40;
const FILE_SIZE = 25;
let published: number[] = [];
let hidden: number[] = [];
let hiddenNews: string[] = [];

beforeAll(async () => {
  // Made in one PHP run (40 REST calls would take far longer), with the hooks staff saves fire.
  const made = wpPhp<{ published: number[]; hidden: number[]; hiddenNews: string[] }>(
    `
    wp_set_current_user( 1 );
    $out = array( 'published' => array(), 'hidden' => array(), 'hiddenNews' => array() );
    for ( $i = 0; $i < (int) $argv[1]; $i++ ) {
      $out['published'][] = wp_insert_post( array( 'post_type' => 'car', 'post_status' => 'publish',
        'post_title' => 'QA Sitemap car ' . $i, 'meta_input' => array( '_car_brand' => 'Qasitemap', '_car_price' => 1000 + $i ) ) );
    }
    foreach ( array( 'draft', 'private', 'pending' ) as $status ) {
      $out['hidden'][] = wp_insert_post( array( 'post_type' => 'car', 'post_status' => $status, 'post_title' => 'QA Sitemap hidden car ' . $status ) );
    }
    $trashed = wp_insert_post( array( 'post_type' => 'car', 'post_status' => 'publish', 'post_title' => 'QA Sitemap trashed car' ) );
    wp_trash_post( $trashed );
    $out['hidden'][] = $trashed;
    foreach ( array( 'draft', 'private' ) as $status ) {
      $id = wp_insert_post( array( 'post_type' => 'post', 'post_status' => $status, 'post_title' => 'QA Sitemap hidden news ' . $status,
        'post_name' => 'qa-sitemap-hidden-news-' . $status ) );
      $out['hiddenNews'][] = get_post_field( 'post_name', $id );
    }
    echo json_encode( $out );
  `,
    String(EXTRA_CARS),
  );
  ({ published, hidden, hiddenNews } = made);
  expect(published.every((id) => id > 0)).toBe(true);
  expect(published).toHaveLength(EXTRA_CARS);
  wpPhp(`update_option( \\CarExport\\Sitemap\\SitemapRepository::FILE_SIZE_OPTION, (int) $argv[1], false ); echo 1;`, String(FILE_SIZE));
  await purgeSiteCache();
});

afterAll(async () => {
  wpPhp('delete_option( \\CarExport\\Sitemap\\SitemapRepository::FILE_SIZE_OPTION ); echo 1;');
  await purgeSiteCache();
  const ids = [...published, ...hidden];
  wpPhp(
    `
    foreach ( array_slice( $argv, 1 ) as $id ) { wp_delete_post( (int) $id, true ); }
    foreach ( array( 'draft', 'private' ) as $status ) {
      $p = get_page_by_path( 'qa-sitemap-hidden-news-' . $status, OBJECT, 'post' );
      if ( $p ) { wp_delete_post( $p->ID, true ); }
    }
    echo 1;
  `,
    ...ids.map(String),
  );
});

type Url = { loc: string; lastmod?: string };
const tags = (xml: string, tag: string): Url[] =>
  [...xml.matchAll(new RegExp(`<${tag}>\\s*<loc>([^<]+)</loc>(?:\\s*<lastmod>([^<]+)</lastmod>)?`, 'g'))].map((m) => ({
    loc: new URL(m[1]!).pathname,
    lastmod: m[2],
  }));

async function xml(path: string): Promise<string> {
  const res = await fetch(`${SITE}${path}`);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
  return res.text();
}

describe('/sitemap.xml', () => {
  it('is an index whose files list every published car once in id order, every news post and the static pages', async () => {
    const files = tags(await xml('/sitemap.xml'), 'sitemap');
    expect(files[0]).toEqual({ loc: '/sitemaps/pages.xml', lastmod: undefined });
    const listed = new Map<string, Url[]>();
    for (const file of files) {
      const urls = tags(await xml(file.loc), 'url');
      expect(urls.length, file.loc).toBeGreaterThan(0);
      expect(urls.length, file.loc).toBeLessThanOrEqual(FILE_SIZE);
      // The file's lastmod is the latest change among its entries.
      if (file.loc !== '/sitemaps/pages.xml')
        expect(file.lastmod, file.loc).toBe(
          urls
            .map((u) => u.lastmod ?? '')
            .sort()
            .at(-1),
        );
      listed.set(file.loc, urls);
    }
    const locs = [...listed.values()].flat().map((u) => u.loc);

    // Sold cars too: their pages stay, so search engines keep finding them.
    const cars = (await listAll({ filter: { includeSold: true } })).nodes.map((c) => c.databaseId);
    expect(cars.length).toBeGreaterThanOrEqual(72 + EXTRA_CARS);
    const news = (
      await gqlData<{ newsPosts: { nodes: Array<{ slug: string }> } }>('{ newsPosts(perPage: 100) { nodes { slug } } }')
    ).newsPosts.nodes.map((n) => `/news/${n.slug}`);
    expect(news.length).toBeGreaterThan(0);

    const carFiles = files.filter((f) => f.loc.startsWith('/sitemaps/cars-'));
    expect(carFiles.length).toBe(Math.ceil(cars.length / FILE_SIZE));
    const carIds = carFiles.flatMap((f) => listed.get(f.loc)!.map((u) => Number(u.loc.replace('/car/', ''))));
    expect(carIds).toEqual([...cars].sort((a, b) => a - b));
    // Each file is named by its first car; the cars made last sit past the first file.
    for (const f of carFiles) expect(f.loc).toBe(`/sitemaps/cars-${listed.get(f.loc)![0]!.loc.replace('/car/', '')}.xml`);
    for (const id of published) expect(carIds).toContain(id);
    expect(listed.get(carFiles[0]!.loc)!.map((u) => u.loc)).not.toContain(`/car/${published.at(-1)}`);
    for (const id of hidden) expect(carIds).not.toContain(id);

    expect(locs.filter((l) => l.startsWith('/news/')).sort()).toEqual([...news].sort());
    for (const slug of hiddenNews) expect(locs).not.toContain(`/news/${slug}`);
    expect(listed.get('/sitemaps/pages.xml')!.map((u) => u.loc)).toEqual(SITEMAP_STATIC_PATHS);
  });

  it('answers 404 for a file it could not have named, or one with nothing left in it', async () => {
    for (const path of [
      '/sitemaps/cars-abc.xml',
      '/sitemaps/videos-1.xml',
      '/sitemaps/cars-99999999999.xml',
      '/sitemaps/news-2147483647.xml',
    ]) {
      expect((await fetch(`${SITE}${path}`)).status, path).toBe(404);
    }
  });
});
