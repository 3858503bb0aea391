// carsByIds (GraphQL) and what the site builds on it: GET /api/cars?ids=, the compare page, and the
// news index with its sitemap entry. Against the live WordPress and the site under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, errorOf } from './support/catalogue';
import { SITE, site } from './support/site';
import { createCar, deleteCar, gqlData, unique } from './support/wordpress';

const BY_IDS = 'query($ids: [ID!]!) { carsByIds(ids: $ids) { databaseId title } }';

let published: number[] = [];
let draft = 0;
let gone = 0;

beforeAll(async () => {
  const list = await gqlData<{ cars: { nodes: { databaseId: number }[] } }>('{ cars(perPage: 3) { nodes { databaseId } } }');
  published = list.cars.nodes.map((n) => n.databaseId);
  expect(published.length, 'the demo catalogue must hold at least 3 published cars').toBe(3);
  draft = await createCar({ title: unique('QA Compare draft car'), status: 'draft' });
  gone = await createCar({ title: unique('QA Compare deleted car') });
  await deleteCar(gone);
});

afterAll(async () => {
  if (draft) await deleteCar(draft);
});

describe('GraphQL carsByIds', () => {
  it('answers the published cars in the order asked, each once', async () => {
    const [a, b, c] = published as [number, number, number];
    const res = await data<{ carsByIds: { databaseId: number }[] }>(BY_IDS, { ids: [String(c), String(a), String(c), String(b)] });
    expect(res.carsByIds.map((n) => n.databaseId)).toEqual([c, a, b]);
  });

  it('leaves out drafts, deleted cars and ids that cannot be cars', async () => {
    const [a] = published as [number];
    const res = await data<{ carsByIds: { databaseId: number }[] }>(BY_IDS, {
      ids: [String(draft), 'abc', String(a), '-4', String(gone), '0'],
    });
    expect(res.carsByIds.map((n) => n.databaseId)).toEqual([a]);
    expect((await data<{ carsByIds: unknown[] }>(BY_IDS, { ids: [] })).carsByIds).toEqual([]);
  });

  it('refuses more than 24 ids with a message', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => String(i + 1));
    expect((await errorOf(BY_IDS, { ids })).message).toBe('ids must hold at most 24 ids.');
  });
});

describe('GET /api/cars?ids=', () => {
  it('answers cards of the cars that exist, in order', async () => {
    const [a, b] = published as [number, number];
    const res = await site(`/api/cars?ids=${b},${gone},${a}`);
    expect(res.status).toBe(200);
    expect(res.body.cars.map((c: { id: number }) => c.id)).toEqual([b, a]);
    expect(res.body.cars[0]).toEqual(
      expect.objectContaining({ title: expect.any(String), price: expect.any(String), all_fields: expect.any(Object) }),
    );
  });

  it.each([
    ['', 'ids must list one or more car ids, e.g. ?ids=3,17.'],
    ['1,abc', 'ids: "abc" is not a car id (a whole number from 1).'],
    [Array.from({ length: 25 }, (_, i) => i + 1).join(','), 'ids must list at most 24 car ids.'],
  ])('answers 400 for ids=%s', async (ids, message) => {
    const res = await site(`/api/cars?ids=${ids}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });
});

/** A page of the site as HTML. */
async function html(path: string) {
  const res = await fetch(`${SITE}${path}`);
  return { status: res.status, text: await res.text() };
}

describe('/compare', () => {
  it('shows the cars side by side, kept out of search engines', async () => {
    const [a, b] = published as [number, number];
    const page = await html(`/compare?ids=${a},${b}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    expect(page.text.match(/data-testid="compare-car"/g)).toHaveLength(2);
    expect(page.text).toContain('Price');
  });

  it('ignores unknown and malformed ids with a notice, and keeps only four', async () => {
    const [a] = published as [number];
    const page = await html(`/compare?ids=${a},zzz,${gone}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Ignored &quot;zzz&quot;: not a car number.');
    expect(page.text).toContain(`Car &quot;${gone}&quot; is no longer available and left out.`);
    const many = await html(`/compare?ids=${published.join(',')},${draft},${gone}`);
    expect(many.text).toContain('Up to 4 cars can be compared at once, so the first 4 are shown and 1 left out.');
  });

  it('shows the empty state with a link to Explore for no ids', async () => {
    const page = await html('/compare');
    expect(page.status).toBe(200);
    expect(page.text).toContain('No cars to compare yet');
    expect(page.text).toContain('href="/explore-cars"');
  });
});

describe('/news', () => {
  it('lists the published posts, linked from the footer and the sitemap', async () => {
    const posts = await gqlData<{ newsPosts: { total: number; nodes: { slug: string }[] } }>(
      '{ newsPosts(perPage: 9) { total nodes { slug } } }',
    );
    const { status, text } = await html('/news');
    expect(status).toBe(200);
    for (const node of posts.newsPosts.nodes) expect(text).toContain(`href="/news/${node.slug}"`);
    expect(text).toMatch(/<link rel="canonical" href="[^"]+\/news"/);
    // The sitemap index names the pages' file, which lists /news.
    expect((await html('/sitemap.xml')).text).toMatch(/<loc>[^<]+\/sitemaps\/pages\.xml<\/loc>/);
    expect((await html('/sitemaps/pages.xml')).text).toMatch(/<loc>[^<]+\/news<\/loc>/);
  });

  it('answers 404 past the last page and 400 for a malformed page', async () => {
    const past = await html('/news?page=999');
    expect(past.status).toBe(404);
    expect(past.text).toMatch(/There is no page 999 of the news/);
    expect((await html('/news?page=abc')).status).toBe(400);
  });
});
