// The whole purge pipeline: a staff change in WordPress (REST, or PHP for videos, which have no REST
// route) fires the plugin's hooks, PurgeNotifier sends its POST at the end of that request, and the
// site under test shows the change at once, although its page cache (60 s) and catalogue cache
// (5 min) would otherwise keep the old answer. Nothing here calls /api/purge itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastPurgeAbout, wpPhp } from './support/local';
import { SITE } from './support/site';
import { adminToken, createCar, deleteCar, rest, unique, updateCar } from './support/wordpress';

const cars: number[] = [];
const posts: number[] = [];
const videos: number[] = [];

afterAll(async () => {
  for (const id of cars) await deleteCar(id);
  const token = await adminToken();
  for (const id of posts) await rest(`/wp/v2/posts/${id}?force=true`, { method: 'DELETE', token });
  if (videos.length)
    wpPhp(`foreach ( array_slice( $argv, 1 ) as $id ) { wp_delete_post( (int) $id, true ); } echo 1;`, ...videos.map(String));
});

async function visit(path: string) {
  const res = await fetch(`${SITE}${path}`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
  return { status: res.status, cache: res.headers.get('x-page-cache'), text: await res.text() };
}

/** Visits twice, so the page is kept by the page cache (and its data by the catalogue cache). */
/** Visits until the page is kept (each of the site's worker processes keeps its own copy). */
async function warm(path: string) {
  const first = await visit(path);
  let next = await visit(path);
  for (let i = 0; i < 6 && next.cache !== 'HIT'; i++) next = await visit(path);
  expect(next.cache, `${path} should now be served from the page cache`).toBe('HIT');
  return first;
}

/**
 * Waits for the page to change. The caches hold a page for 60 s or more, so a change within 10 s
 * is the purge call's doing.
 */
async function eventually(path: string, seen: (page: { status: number; text: string }) => boolean, what: string) {
  const end = Date.now() + 10_000;
  let last = await visit(path);
  while (!seen(last) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    last = await visit(path);
  }
  expect(seen(last), `${path}: ${what} within 10 s of the change (status ${last.status})`).toBe(true);
}

/** The sitemap file of the news posts, as the index names it (the seed's posts keep it named). */
async function newsSitemap(): Promise<string> {
  const index = await visit('/sitemap.xml');
  const loc = /<loc>[^<]*(\/sitemaps\/news-\d+\.xml)<\/loc>/.exec(index.text)?.[1];
  expect(loc, 'the sitemap index names a news file').toBeTruthy();
  return loc!;
}

const uniqueBrand = () => `Qapurge${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(() => {
  // Precondition: WordPress must send its purge call to the site these tests look at.
  const target = wpPhp<string>('echo json_encode( \\CarExport\\Settings\\SiteSettings::get()["purge_url"] );');
  expect(target, 'WordPress purges another site; `npm test` points CAR_EXPORT_PURGE_URL at the site under test').toBe(`${SITE}/api/purge`);
});

describe('WordPress purges the site when content changes', () => {
  it('a new published car shows on a catalogue page that was kept', async () => {
    const brand = uniqueBrand();
    const path = `/explore-cars?brand=${brand}`;
    expect((await warm(path)).text).toContain('No Cars Found');
    const title = unique('QA Purge new car');
    cars.push(await createCar({ title, _car_brand: brand, _car_price: 23456 }));
    await eventually(path, (p) => p.text.includes(title) && p.text.includes('$23,456'), 'the new car shows');
  });

  it('an edited car shows its new price; a trashed car leaves the list; publishing a draft brings it in', async () => {
    const brand = uniqueBrand();
    const path = `/explore-cars?brand=${brand}`;
    const title = unique('QA Purge edited car');
    const id = await createCar({ title, _car_brand: brand, _car_price: 11111 });
    cars.push(id);
    await eventually(path, (p) => p.text.includes('$11,111'), 'the car shows');
    await warm(`/car/${id}`);
    await warm(path);

    const beforeEdit = Math.floor(Date.now() / 1000);
    await updateCar(id, { meta: { _car_price: 22222 } });
    await eventually(`/car/${id}`, (p) => p.text.includes('$22,222') && !p.text.includes('$11,111'), 'the car page shows the new price');
    // Staff see this purge as the last one (dashboard, settings page), confirmed by the site.
    const kept = await lastPurgeAbout(`car “${title}” saved`);
    expect(kept.ok, kept.error).toBe(true);
    expect(kept.time).toBeGreaterThanOrEqual(beforeEdit);
    await eventually(path, (p) => p.text.includes('$22,222'), 'the list shows the new price');

    // DELETE without force moves the car to the trash.
    const trashed = await rest(`/wp/v2/cars/${id}`, { method: 'DELETE', token: await adminToken() });
    expect(trashed.status).toBe(200);
    await eventually(path, (p) => p.text.includes('No Cars Found'), 'the trashed car is gone from the list');
    await eventually(`/car/${id}`, (p) => p.status === 404, "the trashed car's page is gone");

    const draftTitle = unique('QA Purge draft car');
    const draft = await createCar({ title: draftTitle, status: 'draft', _car_brand: brand, _car_price: 33333 });
    cars.push(draft);
    await warm(path);
    await updateCar(draft, { status: 'publish' });
    await eventually(path, (p) => p.text.includes(draftTitle), 'the published draft shows');
  });

  it('a news post: publishing, editing and trashing it show on its page and in the sitemap', async () => {
    const token = await adminToken();
    const title = unique('QA Purge news');
    const created = await rest('/wp/v2/posts', {
      method: 'POST',
      token,
      body: { title, status: 'publish', content: '<p>First words.</p>' },
    });
    expect(created.status).toBe(201);
    const { id, slug } = created.body as { id: number; slug: string };
    posts.push(id);
    await eventually(await newsSitemap(), (p) => p.text.includes(`/news/${slug}<`), 'the sitemap lists the post');
    // Seen once, the post is in the site's catalogue cache (5 minutes); news pages are not kept whole.
    await eventually(`/news/${slug}`, (p) => p.text.includes('First words.'), 'the post page shows');

    expect((await rest(`/wp/v2/posts/${id}`, { method: 'POST', token, body: { content: '<p>Second words.</p>' } })).status).toBe(200);
    await eventually(`/news/${slug}`, (p) => p.text.includes('Second words.'), 'the post page shows the edit');
    expect((await lastPurgeAbout(`news post “${title}” saved`)).ok).toBe(true);

    expect((await rest(`/wp/v2/posts/${id}`, { method: 'DELETE', token })).status).toBe(200);
    await eventually(`/news/${slug}`, (p) => p.status === 404, "the trashed post's page is gone");
    await eventually(await newsSitemap(), (p) => !p.text.includes(`/news/${slug}<`), 'the sitemap drops the post');
  });

  it('a new video shows on the home page, and leaves it when trashed', async () => {
    await warm('/');
    const title = unique('QA Purge video');
    // Saved in PHP as staff would in wp-admin: the same insert and trash hooks, and the request's
    // shutdown sends the purge call.
    const id = wpPhp<number>(
      `
      wp_set_current_user( 1 );
      $id = wp_insert_post( array( 'post_type' => 'video', 'post_status' => 'publish', 'post_title' => $argv[1],
        'meta_input' => array( '_video_url' => 'https://example.com/qa-purge.mp4', '_video_duration' => 42 ) ), true );
      echo json_encode( is_wp_error( $id ) ? 0 : $id );
    `,
      title,
    );
    expect(id).toBeGreaterThan(0);
    videos.push(id);
    await eventually('/', (p) => p.text.includes(title), 'the home page lists the new video');
    wpPhp('wp_set_current_user( 1 ); echo json_encode( (bool) wp_trash_post( (int) $argv[1] ) );', String(id));
    await eventually('/', (p) => !p.text.includes(title), 'the trashed video is gone from the home page');
  });

  it("a saved change to the seller's phone shows on a car page that was kept", async () => {
    const list = await (await fetch(`${SITE}/api/search/cars?limit=1`)).json();
    const path = `/car/${list.cars[0].id}`;
    await warm(path);
    const before = wpPhp<{ phone?: string }>(`echo json_encode( get_option( 'car_export_settings', array() ) );`);
    const phone = `+86 22 5${String(Date.now()).slice(-3)} ${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const digits = phone.replace(/\D/g, '');
    // Saved in PHP as Settings → Car Export saves it: the option's update hook, then the request's
    // shutdown sends the purge call.
    const save = (settings: unknown) =>
      wpPhp(`update_option( 'car_export_settings', json_decode( $argv[1], true ) ); echo 1;`, JSON.stringify(settings));
    try {
      save({ ...before, phone });
      await eventually(path, (p) => p.text.includes(`tel:+${digits}`), 'the Call Now link has the new number');
    } finally {
      save(before);
    }
    await eventually(path, (p) => !p.text.includes(`tel:+${digits}`), 'the old number is back after the settings were restored');
  });
});
