// The Cars list in wp-admin as staff use it: filters, quick edit and bulk edit of price and
// featured, Duplicate, and "View on site"; plus WordPress URLs leading to the matching site page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, bulkEditQuery, formArray, inputValue, linkHref, submitEditForm, type AdminSession } from './support/admin';
import { lastPurgeAbout, wpPhp } from './support/local';
import { createCar, gqlData, WP } from './support/wordpress';
import { testBrand } from './support/catalogue';
import { frontendUrl, SITE } from './support/site';

const BRAND = testBrand('Qlist');
const FRONTEND = frontendUrl();
const ids: number[] = [];
let session: AdminSession;

function meta(id: number, key: string): string {
  return wpPhp<string>(`echo json_encode( (string) get_post_meta( (int) $argv[1], $argv[2], true ) );`, String(id), key);
}

async function listHtml(query: string): Promise<string> {
  const res = await session.get(`/wp-admin/edit.php?post_type=car&${query}`);
  expect(res.status).toBe(200);
  return res.text();
}

const rowIds = (html: string) => [...html.matchAll(/<tr id="post-(\d+)"/g)].map((m) => Number(m[1]));

beforeAll(async () => {
  session = await adminSession();
  ids.push(
    await createCar({
      title: `${BRAND} SUV featured`,
      _car_brand: BRAND,
      _car_body_type: 'SUV',
      _car_price: 20000,
      _car_featured: '1',
      _car_stock_number: `${BRAND}-1`,
    }),
  );
  ids.push(
    await createCar({
      title: `${BRAND} Sedan`,
      _car_brand: BRAND,
      _car_body_type: 'Sedan',
      _car_price: 30000,
      _car_stock_number: `${BRAND}-2`,
    }),
  );
  ids.push(
    await createCar({
      title: `${BRAND} Sedan draft`,
      status: 'draft',
      _car_brand: BRAND,
      _car_body_type: 'Sedan',
      _car_stock_number: `${BRAND}-3`,
    }),
  );
});

afterAll(() => {
  // The suite's cars by their brand, and by id those made without one (the never-saved draft).
  wpPhp(
    `foreach ( get_posts( array( 'post_type' => 'car', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids', 'meta_key' => '_car_brand', 'meta_value' => $argv[1] ) ) as $id ) { wp_delete_post( $id, true ); }
     foreach ( json_decode( $argv[2], true ) as $id ) { if ( 'car' === get_post_type( (int) $id ) ) { wp_delete_post( (int) $id, true ); } } echo 1;`,
    BRAND,
    JSON.stringify(ids),
  );
});

describe('Cars list filters', () => {
  it('narrow the list by brand, body type, featured and status, combined', async () => {
    expect(rowIds(await listHtml(`car_brand=${BRAND}`)).sort()).toEqual([...ids].sort());
    expect(rowIds(await listHtml(`car_brand=${BRAND}&car_bodyType=Sedan`)).sort()).toEqual([ids[1], ids[2]].sort());
    expect(rowIds(await listHtml(`car_brand=${BRAND}&car_featured=yes`))).toEqual([ids[0]]);
    expect(rowIds(await listHtml(`car_brand=${BRAND}&car_featured=no`)).sort()).toEqual([ids[1], ids[2]].sort());
    expect(rowIds(await listHtml(`car_brand=${BRAND}&post_status=draft`))).toEqual([ids[2]]);
    const html = await listHtml('');
    expect(html).toContain(`<option value="${BRAND}"`);
  });
});

describe('Cars list columns and search', () => {
  it('show stock number, sale status as a badge and mileage; search finds a stock number or model; mileage sorts', async () => {
    wpPhp(
      `update_post_meta( (int) $argv[1], '_car_mileage', 42000 ); update_post_meta( (int) $argv[2], '_car_mileage', 5000 );
       update_post_meta( (int) $argv[2], '_car_model', $argv[3] ); update_post_meta( (int) $argv[1], '_car_sale_status', 'reserved' ); echo 1;`,
      String(ids[1]),
      String(ids[2]),
      `${BRAND}Mdl`,
    );
    const html = await listHtml(`car_brand=${BRAND}`);
    const row = (id: number) => new RegExp(`<tr id="post-${id}"[\\s\\S]*?</tr>`).exec(html)?.[0] ?? '';
    const cell = (id: number, column: string) =>
      (new RegExp(`<td class=["'][^"']*column-${column}[^"']*["'][^>]*>([\\s\\S]*?)</td>`).exec(row(id))?.[1] ?? '').replace(
        /<button[\s\S]*$/,
        '',
      );
    expect(cell(ids[1]!, 'car_stock')).toBe(`${BRAND}-2`);
    expect(cell(ids[1]!, 'car_mileage')).toBe('42,000 mi<br>67,592 km');
    expect(cell(ids[1]!, 'car_status')).toBe('<span class="car-status car-status-reserved">Reserved</span>');
    expect(cell(ids[0]!, 'car_status')).toBe('<span class="car-status car-status-available">Available</span>');
    // The sale status filter agrees with the column: a car never given a status is Available.
    expect(rowIds(await listHtml(`car_brand=${BRAND}&car_saleStatus=available`)).sort()).toEqual([ids[0], ids[2]].sort());
    expect(rowIds(await listHtml(`car_brand=${BRAND}&car_saleStatus=reserved`))).toEqual([ids[1]]);

    // Neither is in a title: staff look cars up by them.
    expect(rowIds(await listHtml(`s=${encodeURIComponent(`${BRAND}-2`)}`))).toEqual([ids[1]]);
    expect(rowIds(await listHtml(`s=${encodeURIComponent(`${BRAND}mdl`)}`))).toEqual([ids[2]]);
    // Words of a title find their car, a draft too.
    expect(rowIds(await listHtml(`car_brand=${BRAND}&s=${encodeURIComponent('Sedan DRAFT')}`))).toEqual([ids[2]]);
    // A part of a stock number, its start or its end, finds every car whose number holds it, in any letter case.
    expect(rowIds(await listHtml(`s=${encodeURIComponent(`${BRAND}-`)}`)).sort()).toEqual([...ids].sort());
    expect(rowIds(await listHtml(`s=${encodeURIComponent(`${BRAND.toLowerCase()}-3`)}`))).toEqual([ids[2]]);
    expect(rowIds(await listHtml(`s=${encodeURIComponent(`${BRAND.slice(1)}-3`)}`))).toEqual([ids[2]]);
    // A changed stock number is found by the new one only.
    wpPhp(`update_post_meta( (int) $argv[1], '_car_stock_number', $argv[2] ); echo 1;`, String(ids[0]), `${BRAND}-9`);
    expect(rowIds(await listHtml(`s=${encodeURIComponent(`${BRAND}-9`)}`))).toEqual([ids[0]]);
    expect(rowIds(await listHtml(`s=${encodeURIComponent(`${BRAND}-1`)}`))).toEqual([]);
    // Fewest miles first; a car without a mileage last.
    expect(rowIds(await listHtml(`car_brand=${BRAND}&orderby=car_mileage&order=asc`))).toEqual([ids[2], ids[1], ids[0]]);
  });
});

describe('quick edit and bulk edit', () => {
  /** Saves the list's quick-edit row of the second car, with the nonces the list page hands out, as the browser does. */
  async function quickEdit(fields: { price: string; featured: string }) {
    const html = await listHtml(`car_brand=${BRAND}`);
    return session.post('/wp-admin/admin-ajax.php', {
      action: 'inline-save',
      _inline_edit: inputValue(html, '_inline_edit'),
      car_export_quick_nonce: inputValue(html, 'car_export_quick_nonce'),
      post_ID: String(ids[1]),
      post_type: 'car',
      post_title: `${BRAND} Sedan`,
      post_name: '',
      _status: 'publish',
      screen: 'edit-car',
      post_view: 'list',
      'car_export_quick[mode]': 'quick',
      'car_export_quick[price]': fields.price,
      'car_export_quick[featured]': fields.featured,
    });
  }

  it("each row hands quick edit the car's values; a car never given a sale status opens as Available", async () => {
    const html = await listHtml(`car_brand=${BRAND}`);
    const row = new RegExp(`<tr id="post-${ids[0]}"[\\s\\S]*?</tr>`).exec(html)?.[0] ?? '';
    const values = /<span class="car-quick-values"[^>]*>/.exec(row)?.[0] ?? '';
    expect(values).toContain('data-price="20000"');
    expect(values).toContain('data-featured="1"');
    expect(meta(ids[0]!, '_car_sale_status')).toBe('');
    expect(values).toContain('data-salestatus="available"');
  });

  it('quick edit sets the price and the featured flag, and the catalogue shows them', async () => {
    const res = await quickEdit({ price: '$27,500', featured: '1' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('$27,500');
    const { car } = await gqlData<{ car: { price: number; featured: boolean } }>('query($id: ID!) { car(id: $id) { price featured } }', {
      id: String(ids[1]),
    });
    expect(car).toEqual({ price: 27500, featured: true });
    expect((await lastPurgeAbout(`car “${BRAND} Sedan” saved`)).ok).toBe(true);
  });

  it('a refused quick-edit price is named in the row and changes nothing, not even the valid fields', async () => {
    const res = await quickEdit({ price: 'cheap', featured: '0' });
    // Not a table row: core's quick edit keeps the form open with what was typed and shows this text in it.
    const answer = await res.text();
    expect(answer).not.toContain('<tr');
    expect(answer).toMatch(/^Not saved: Price \(USD\) must be a whole number\..* Nothing was changed\.$/);
    expect([meta(ids[1]!, '_car_price'), meta(ids[1]!, '_car_featured')]).toEqual(['27500', '1']);
  });

  /** Submits the list's bulk edit of `cars`, with the nonces the list page hands out, as the browser does. */
  async function bulkEdit(cars: number[], fields: { price: string; featured: string }) {
    const html = await listHtml(`car_brand=${BRAND}`);
    return session.get(`/wp-admin/edit.php?${bulkEditQuery(html, cars, fields)}`);
  }

  it('bulk edit sets featured on every chosen car and leaves "No change" fields alone', async () => {
    const res = await bulkEdit([ids[0]!, ids[1]!], { price: '', featured: '0' });
    expect(res.status).toBe(302);
    expect([meta(ids[0]!, '_car_featured'), meta(ids[1]!, '_car_featured')]).toEqual(['', '']);
    expect([meta(ids[0]!, '_car_price'), meta(ids[1]!, '_car_price')]).toEqual(['20000', '27500']);
    // One purge line for the whole bulk edit: the last car, and how many more went with it.
    expect((await lastPurgeAbout('saved, with 1 more change')).ok).toBe(true);
  });

  it('a refused bulk-edit price stops the bulk edit, before any car changes, with the reason on the list', async () => {
    const res = await bulkEdit([ids[0]!], { price: 'cheap', featured: '1' });
    expect(res.status).toBe(302);
    const back = await (await session.get(res.headers.get('location')!.replace(/^https?:\/\/[^/]+/, ''))).text();
    expect(back).toContain('Bulk edit not applied: Price (USD) must be a whole number.');
    expect([meta(ids[0]!, '_car_price'), meta(ids[0]!, '_car_featured')]).toEqual(['20000', '']);
  });
});

describe('row actions', () => {
  it('Duplicate makes an Available, not featured draft copy with the fields and no stock number', async () => {
    // The source is a featured car that was sold: the copy is another car, neither sold nor featured.
    wpPhp(
      `update_post_meta( (int) $argv[1], '_car_sale_status', 'sold' ); update_post_meta( (int) $argv[1], '_car_featured', '1' ); echo 1;`,
      String(ids[0]),
    );
    const html = await listHtml(`car_brand=${BRAND}&car_bodyType=SUV`);
    const href = linkHref(html, 'Duplicate');
    expect(href).toBeTruthy();
    const res = await session.get(href!);
    expect(res.status).toBe(302);
    const copyId = Number(/post=(\d+)/.exec(res.headers.get('location') ?? '')?.[1]);
    expect(copyId).toBeGreaterThan(0);
    ids.push(copyId);
    const copy = wpPhp<{ status: string; title: string }>(
      `$p = get_post( (int) $argv[1] ); echo json_encode( array( 'status' => $p->post_status, 'title' => $p->post_title ) );`,
      String(copyId),
    );
    expect(copy).toEqual({ status: 'draft', title: `${BRAND} SUV featured (copy)` });
    expect(meta(copyId, '_car_body_type')).toBe('SUV');
    expect(meta(copyId, '_car_price')).toBe('20000');
    expect(meta(copyId, '_car_stock_number')).toBe('');
    expect([meta(copyId, '_car_sale_status'), meta(copyId, '_car_featured')]).toEqual(['', '']);
    const quick = new RegExp(`<tr id="post-${copyId}"[\\s\\S]*?</tr>`).exec(await listHtml(`car_brand=${BRAND}`))?.[0] ?? '';
    expect(quick).toContain('data-salestatus="available"');
  });

  it('View on site links a published car to its page on the site, and a draft only to a signed preview', async () => {
    const html = await listHtml(`car_brand=${BRAND}`);
    const row = (id: number) => html.slice(html.indexOf(`<tr id="post-${id}"`), html.indexOf('</tr>', html.indexOf(`<tr id="post-${id}"`)));
    expect(linkHref(row(ids[1]!), 'View on site')).toBe(`${FRONTEND}/car/${ids[1]}`);
    expect(linkHref(row(ids[2]!), 'View on site')).toBeUndefined();
    expect(linkHref(row(ids[2]!), 'Preview on site')).toMatch(
      new RegExp(`^${FRONTEND}/preview/car/${ids[2]}\\?token=car\\.${ids[2]}\\.\\d+\\.`),
    );
  });
});

describe('the car editor', () => {
  it("core's Preview button of a draft opens the signed preview on the site", async () => {
    const res = await session.get(`/wp-admin/post.php?post=${ids[2]}&action=edit`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const button = /<a [^>]*id="post-preview"[^>]*>/.exec(html)?.[0] ?? '';
    expect(button, 'the Preview button').not.toBe('');
    const href = (/href="([^"]*)"/.exec(button)?.[1] ?? '').replace(/&#038;|&amp;/g, '&');
    expect(href).toMatch(new RegExp(`^${FRONTEND}/preview/car/${ids[2]}\\?token=car\\.${ids[2]}\\.\\d+\\.`));
  });

  it('Preview on a car never saved yet saves it as a draft and lands on its signed site preview', async () => {
    const page = await session.get('/wp-admin/post-new.php?post_type=car');
    expect(page.status).toBe(200);
    const html = await page.text();
    const id = Number(inputValue(html, 'post_ID'));
    expect(id).toBeGreaterThan(0);
    ids.push(id);
    // What the editor's Preview button submits: the whole form, marked as a preview.
    const res = await session.post('/wp-admin/post.php', {
      _wpnonce: inputValue(html, '_wpnonce'),
      user_ID: inputValue(html, 'user_ID'),
      action: 'editpost',
      originalaction: 'editpost',
      post_type: 'car',
      post_ID: String(id),
      post_author: inputValue(html, 'post_author'),
      original_post_status: 'auto-draft',
      post_title: `${BRAND} never saved`,
      content: '',
      'wp-preview': 'dopreview',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${FRONTEND}/preview/car/${id}\\?token=car\\.${id}\\.\\d+\\.`));
    const saved = wpPhp<string>(`echo json_encode( get_post_status( (int) $argv[1] ) );`, String(id));
    expect(saved).toBe('draft');
  });

  it('Preview Changes of a published car shows the unsaved title and price and says so; Update then publishes them', async () => {
    const id = ids[1]!;
    // Saved an hour ago: the edits previewed now are newer than the car, as they are for staff.
    wpPhp(
      `global $wpdb; $t = gmdate( 'Y-m-d H:i:s', time() - 3600 ); $wpdb->update( $wpdb->posts, array( 'post_modified_gmt' => $t, 'post_modified' => get_date_from_gmt( $t ) ), array( 'ID' => (int) $argv[1] ) ); clean_post_cache( (int) $argv[1] ); echo 1;`,
      String(id),
    );
    const edited = {
      post_title: `${BRAND} Sedan edited`,
      content: 'Fresh service.',
      original_post_status: 'publish',
      post_status: 'publish',
      ...formArray('car_export_car', { brand: BRAND, bodyType: 'Sedan', price: '31500', stockNumber: `${BRAND}-2` }),
    };
    const PREVIEW = 'query($t: String!) { carPreview(token: $t) { title price brand } previewShowsUnsavedEdits(token: $t) }';
    const LIVE = 'query($id: ID!) { car(id: $id) { title price } }';
    const before = (await gqlData<{ car: { title: string; price: number } }>(LIVE, { id: String(id) })).car;
    expect(before.price).not.toBe(31500);

    const { res } = await submitEditForm(session, id, { ...edited, 'wp-preview': 'dopreview' });
    expect(res.status).toBe(302);
    const link = res.headers.get('location') ?? '';
    expect(link).toMatch(new RegExp(`^${FRONTEND}/preview/car/${id}\\?token=`));
    const token = new URL(link).searchParams.get('token') ?? '';

    expect(await gqlData(PREVIEW, { t: token })).toEqual({
      carPreview: { title: `${BRAND} Sedan edited`, price: 31500, brand: BRAND },
      previewShowsUnsavedEdits: true,
    });
    expect((await gqlData<{ car: unknown }>(LIVE, { id: String(id) })).car, 'the live car is unchanged').toEqual(before);
    // The link names the site WordPress is set up for; the same path on the site under test.
    const page = await fetch(`${SITE}${new URL(link).pathname}${new URL(link).search}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(/data-testid="preview-notice">([\s\S]*?)<\/div>/.exec(html)?.[1]).toContain('Preview of unsaved changes');
    expect(/data-testid="car-price">([^<]*)</.exec(html)?.[1]).toBe('$31,500');

    const update = await submitEditForm(session, id, edited);
    expect(update.res.status).toBe(302);
    expect((await gqlData<{ car: unknown }>(LIVE, { id: String(id) })).car).toEqual({ title: `${BRAND} Sedan edited`, price: 31500 });
    expect((await gqlData<{ previewShowsUnsavedEdits: boolean }>(PREVIEW, { t: token })).previewShowsUnsavedEdits).toBe(false);
  });
});

describe('WordPress URLs lead to the matching site page', () => {
  it('a car, a news post, and anything else', async () => {
    const car = await fetch(`${WP}/?post_type=car&p=${ids[1]}`, { redirect: 'manual' });
    expect([car.status, car.headers.get('location')]).toEqual([301, `${FRONTEND}/car/${ids[1]}`]);
    const news = wpPhp<{ link: string; slug: string }>(
      `$p = get_posts( array( 'post_type' => 'post', 'numberposts' => 1 ) )[0]; echo json_encode( array( 'link' => get_permalink( $p ), 'slug' => $p->post_name ) );`,
    );
    const post = await fetch(news.link, { redirect: 'manual' });
    expect([post.status, post.headers.get('location')]).toEqual([301, `${FRONTEND}/news/${news.slug}`]);
    const draft = await fetch(`${WP}/?post_type=car&p=${ids[2]}`, { redirect: 'manual' });
    expect([draft.status, draft.headers.get('location')]).toEqual([302, `${FRONTEND}/`]);
  });
});
