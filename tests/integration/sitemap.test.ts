// /sitemap.xml past one page of WordPress's answers: with more than 100 published cars every one is
// listed once (the site reads the catalogue 100 at a time), and drafts, private and trashed cars and
// news posts never are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAll } from './support/catalogue';
import { wpPhp } from './support/local';
import { purgeSiteCache, SITE } from './support/site';
import { gqlData } from './support/wordpress';
import { SITEMAP_STATIC_PATHS } from '../fixtures/expected';

const EXTRA_CARS = 40;
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
  await purgeSiteCache();
});

afterAll(() => {
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

describe('/sitemap.xml', () => {
  it('lists every published car once past the first 100, every news post, and nothing unpublished', async () => {
    const res = await fetch(`${SITE}/sitemap.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

    // Sold cars too: their pages stay, so search engines keep finding them.
    const cars = (await listAll({ filter: { includeSold: true } })).nodes.map((c) => `/car/${c.databaseId}`);
    expect(cars.length).toBeGreaterThanOrEqual(72 + EXTRA_CARS);
    const news = (
      await gqlData<{ newsPosts: { nodes: Array<{ slug: string }> } }>('{ newsPosts(perPage: 100) { nodes { slug } } }')
    ).newsPosts.nodes.map((n) => `/news/${n.slug}`);
    expect(news.length).toBeGreaterThan(0);

    const carLocs = locs.filter((l) => l.startsWith('/car/'));
    expect(carLocs.sort()).toEqual([...cars].sort());
    expect(new Set(carLocs).size).toBe(carLocs.length);
    for (const id of published) expect(carLocs).toContain(`/car/${id}`);
    for (const id of hidden) expect(carLocs).not.toContain(`/car/${id}`);
    expect(locs.filter((l) => l.startsWith('/news/')).sort()).toEqual([...news].sort());
    for (const slug of hiddenNews) expect(xml).not.toContain(slug);
    expect(locs.filter((l) => !l.startsWith('/car/') && !l.startsWith('/news/'))).toEqual(SITEMAP_STATIC_PATHS);
  });
});
