// /sitemap.xml against a stubbed WordPress answering the sitemap files query with a payload shaped
// like WordPress's own (tests/fixtures/graphql-sitemap-files.json, checked by the client's schema):
// every file WordPress names is listed, the last one of each kind too, after the static pages' file.
import { describe, expect, it, vi } from 'vitest';
import { useUnitEnv } from './support/unit-env';
import filesFixture from '../fixtures/graphql-sitemap-files.json';

const S = await import('~/lib/wordpress/schemas.server');
const { loader } = await import('~/routes/[sitemap.xml]/route');

useUnitEnv();

async function sitemapIndex(sitemapFiles: () => Promise<unknown>): Promise<Response> {
  const request = new Request('http://site.test/sitemap.xml');
  return loader({ request, params: {}, context: { wordpress: { sitemapFiles } } } as never);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('sitemap index', () => {
  it('names the pages file and every file WordPress lists, the last of each kind included, with its lastmod', async () => {
    const files = S.sitemapFilesDataSchema.parse(filesFixture).sitemapFiles;
    const res = await sitemapIndex(async () => files);

    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(locs(xml)).toEqual([
      'https://cars.example/sitemaps/pages.xml',
      'https://cars.example/sitemaps/cars-12.xml',
      'https://cars.example/sitemaps/cars-10450.xml',
      'https://cars.example/sitemaps/news-7.xml',
    ]);
    expect(xml).toContain('<loc>https://cars.example/sitemaps/cars-10450.xml</loc>\n    <lastmod>2026-12-01T17:40:05.000Z</lastmod>');
  });

  it('lists a lone file of a kind (a small catalogue has one)', async () => {
    const res = await sitemapIndex(async () => [{ kind: 'cars', from: 3, count: 12, modified: '2026-12-01T00:00:00Z' }]);
    expect(locs(await res.text())).toEqual(['https://cars.example/sitemaps/pages.xml', 'https://cars.example/sitemaps/cars-3.xml']);
  });

  it('answers "try later" rather than an index without the cars when WordPress fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await sitemapIndex(async () => {
      throw new Error('Network error: WordPress could not be reached.');
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await res.text()).not.toContain('<sitemapindex');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
