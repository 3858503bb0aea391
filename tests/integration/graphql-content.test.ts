// News, videos and site settings through GraphQL.
import { describe, expect, it } from 'vitest';
import { data, errorOf, expectNoLeaks, query } from './support/catalogue';

const NEWS_SLUG = 'yangwang-u9-track-edition';
const IMAGE = 'id alt url width height sizes { name url width height }';
const NEWS = `id databaseId slug title excerpt content date modified categories image { ${IMAGE} }
  keySpecs { label value } heroTitle heroSubtitle`;

type Image = { id: number; alt: string; url: string; width: number; height: number; sizes: Array<{ name: string; url: string }> };
type News = {
  id: string;
  databaseId: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  date: string;
  modified: string;
  categories: string[];
  image: Image | null;
  keySpecs: Array<{ label: string; value: string }>;
  heroTitle: string | null;
  heroSubtitle: string | null;
};
type Page<T> = { nodes: T[]; total: number; page: number; perPage: number; totalPages: number };
type Video = { id: string; title: string; videoUrl: string; duration: number | null; thumbnail: Image | null };

function expectImage(image: Image | null | undefined): void {
  expect(image).toBeTruthy();
  expect(image?.id).toBeGreaterThan(0);
  expect(image?.url).toMatch(/^https?:\/\/\S+\.(jpe?g|png|webp|gif)$/i);
  expect(image?.width).toBeGreaterThan(0);
  expect(image?.height).toBeGreaterThan(0);
  expect(image?.sizes.at(-1)).toMatchObject({ name: 'full', url: image?.url });
}

/** Fetches a file the API points at, reading the body so the connection is released. */
async function download(url: string): Promise<{ status: number; type: string; bytes: number }> {
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: body.byteLength };
}

describe('newsPost', () => {
  it(`returns the seeded article "${NEWS_SLUG}"`, async () => {
    const { newsPost } = await data<{ newsPost: News }>(`query($slug: String!) { newsPost(slug: $slug) { ${NEWS} } }`, { slug: NEWS_SLUG });
    expect(newsPost.slug).toBe(NEWS_SLUG);
    expect(newsPost.id).toBe(String(newsPost.databaseId));
    expect(newsPost.title).toMatch(/Yangwang U9/);
    expect(newsPost.title).not.toMatch(/<|&amp;/);
    expect(newsPost.content).toMatch(/<p[\s>]/);
    expect(newsPost.content.length).toBeGreaterThan(500);
    expect(newsPost.excerpt.length).toBeGreaterThan(0);
    expect(newsPost.excerpt).not.toMatch(/<[a-z]/i);
    expect(newsPost.date.startsWith('2025-08-12')).toBe(true);
    expect(newsPost.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(newsPost.categories).toContain('Electric Vehicles');
    expect(newsPost.keySpecs.length).toBeGreaterThan(0);
    for (const spec of newsPost.keySpecs) {
      expect(spec.label.length).toBeGreaterThan(0);
      expect(typeof spec.value).toBe('string');
    }
    expectImage(newsPost.image);
    const file = await download(newsPost.image?.url ?? '');
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^image\//);
  });

  it('is null for an unknown slug, and for an empty one', async () => {
    const res = await data<Record<string, unknown>>(`{
      unknown: newsPost(slug: "no-such-article-qa") { id }
      empty: newsPost(slug: "") { id }
    }`);
    expect(res).toEqual({ unknown: null, empty: null });
  });

  it('needs a slug', async () => {
    const { status, message } = await errorOf('{ newsPost { id } }');
    expect(status).toBe(400);
    expect(message).toMatch(/slug/);
  });
});

describe('newsPosts', () => {
  it('pages through every published post, newest first, without overlap', async () => {
    const all = (await data<{ newsPosts: Page<News> }>('{ newsPosts(perPage: 100) { total page perPage totalPages nodes { slug date } } }'))
      .newsPosts;
    expect(all.total).toBeGreaterThanOrEqual(1);
    expect(all.totalPages).toBe(Math.ceil(all.total / 100));
    expect(all.nodes.map((n) => n.slug)).toContain(NEWS_SLUG);
    for (let i = 1; i < all.nodes.length; i += 1) {
      expect((all.nodes[i - 1]?.date ?? '') >= (all.nodes[i]?.date ?? '')).toBe(true);
    }

    const perPage = 1;
    const seen: string[] = [];
    for (let page = 1; page <= Math.min(all.total, 5); page += 1) {
      const { newsPosts } = await data<{ newsPosts: Page<News> }>(
        'query($page: Int, $perPage: Int) { newsPosts(page: $page, perPage: $perPage) { total page perPage totalPages nodes { slug } } }',
        { page, perPage },
      );
      expect(newsPosts).toMatchObject({ total: all.total, page, perPage, totalPages: all.total });
      expect(newsPosts.nodes).toHaveLength(1);
      seen.push(newsPosts.nodes[0]?.slug ?? '');
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all.nodes.slice(0, seen.length).map((n) => n.slug));
  });

  it('defaults to page 1 of 10, and a page past the end is empty', async () => {
    const { first, past } = await data<{ first: Page<News>; past: Page<News> }>(`{
      first: newsPosts { total page perPage totalPages }
      past: newsPosts(page: 1000) { total page nodes { slug } }
    }`);
    expect(first).toMatchObject({ page: 1, perPage: 10 });
    expect(first.totalPages).toBe(Math.ceil(first.total / 10));
    expect(past).toEqual({ total: first.total, page: 1000, nodes: [] });
  });

  it('perPage outside 1..100 and page below 1 are errors with a message', async () => {
    expect((await errorOf('{ newsPosts(perPage: 0) { total } }')).message).toBe('perPage must be between 1 and 100.');
    expect((await errorOf('{ newsPosts(perPage: 101) { total } }')).message).toBe('perPage must be between 1 and 100.');
    expect((await errorOf('{ newsPosts(page: 0) { total } }')).message).toBe('page must be 1 or more.');
  });
});

describe('videos', () => {
  it('videos(limit: 4) gives four playable videos with thumbnails', async () => {
    const { videos } = await data<{ videos: Video[] }>(`{ videos(limit: 4) { id title videoUrl duration thumbnail { ${IMAGE} } } }`);
    expect(videos).toHaveLength(4);
    expect(new Set(videos.map((v) => v.id)).size).toBe(4);
    for (const video of videos) {
      expect(video.title.length).toBeGreaterThan(0);
      expect(video.videoUrl).toMatch(/^https?:\/\/\S+$/);
      expect(video.duration === null || (Number.isInteger(video.duration) && video.duration > 0)).toBe(true);
      expectImage(video.thumbnail);
    }
    const first = videos[0] as Video;
    const file = await download(first.videoUrl);
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^video\/mp4\b/);
    expect(file.bytes).toBeGreaterThan(1000);
    const thumb = await download(first.thumbnail?.url ?? '');
    expect(thumb.status).toBe(200);
    expect(thumb.type).toMatch(/^image\//);
  });

  it('respects a smaller limit, defaults to 4, and refuses a limit outside 1..24', async () => {
    const res = await data<{ two: Video[]; dflt: Video[] }>('{ two: videos(limit: 2) { id } dflt: videos { id } }');
    expect(res.two).toHaveLength(2);
    expect(res.dflt).toHaveLength(4);
    expect(res.dflt.slice(0, 2)).toEqual(res.two);
    expect((await errorOf('{ videos(limit: 25) { id } }')).message).toBe('limit must be between 1 and 24.');
    expect((await errorOf('{ videos(limit: 0) { id } }')).message).toBe('limit must be between 1 and 24.');
  });
});

describe('siteSettings', () => {
  it('gives the seller contact details and the WeChat QR image', async () => {
    const { siteSettings } = await data<{
      siteSettings: { phone: string; whatsapp: string; email: string; address: string; wechatQr: Image | null };
    }>(`{ siteSettings { phone whatsapp email address wechatQr { ${IMAGE} } } }`);
    expect(siteSettings.phone).toMatch(/\d{3}/);
    expect(siteSettings.whatsapp).toMatch(/\d{3}/);
    expect(siteSettings.email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
    expect(siteSettings.address.trim().length).toBeGreaterThan(10);
    expectImage(siteSettings.wechatQr);
    const file = await download(siteSettings.wechatQr?.url ?? '');
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^image\//);
  });

  it('never exposes the purge settings: asking for them is a validation error', async () => {
    for (const field of ['purgeUrl', 'purgeSecret', 'purge_url', 'purge_secret']) {
      const res = await query(`{ siteSettings { phone ${field} } }`);
      expect(res.status, field).toBe(400);
      expect(res.body.errors?.[0]?.message, field).toBe(`Cannot query field "${field}" on type "SiteSettings".`);
      expect(res.body.data, field).toBeUndefined();
    }
    const type = await data<{ __type: { fields: Array<{ name: string }> } }>('{ __type(name: "SiteSettings") { fields { name } } }');
    expect(type.__type.fields.map((f) => f.name).sort()).toEqual([
      'address',
      'companyName',
      'email',
      'openingHours',
      'phone',
      'wechatQr',
      'whatsapp',
    ]);
  });

  it('the whole home page reads in one request within the limits', async () => {
    const res = await query(
      `{
      featuredCars(limit: 6) { id title priceText bodyType fuelType transmission image { url size(name: "car-thumb") { url } } }
      carFilters { brands bodyTypes fuelTypes transmissions }
      videos(limit: 4) { id title videoUrl duration thumbnail { url } }
      siteSettings { phone whatsapp email address wechatQr { url } }
    }`,
      {},
      'GET',
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('no response in this file leaked SQL, table names or server paths', () => {
    expectNoLeaks();
  });
});
