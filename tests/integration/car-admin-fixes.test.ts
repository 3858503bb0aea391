// Staff-side fixes on the car screens and around them: a mileage typed in km comes back in km, a new
// car's mileage reads "New", photo 1 becomes the main image, a refused bulk edit answers on the
// list, the stock number sorts, a news post without a category shows none, the Users screen tells
// buyers from staff, and the block editor's welcome guide stays shut.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, bulkEditQuery, formArray, submitEditForm, type AdminSession } from './support/admin';
import { testBrand } from './support/catalogue';
import { deleteMedia, uploadImage, wpPhp } from './support/local';
import { adminToken, createCar, gqlData, rest } from './support/wordpress';

const BRAND = testBrand('Qfix');
let admin: AdminSession;
const media: number[] = [];

const meta = (id: number, key: string): string =>
  wpPhp<string>(`echo json_encode( (string) get_post_meta( (int) $argv[1], $argv[2], true ) );`, String(id), key);
const list = async (query: string): Promise<string> =>
  (await admin.get(`/wp-admin/edit.php?post_type=car&car_brand=${BRAND}&${query}`)).text();
const rowOf = (html: string, id: number) => html.match(new RegExp(`<tr id="post-${id}"[\\s\\S]*?</tr>`))?.[0] ?? '';
const cellOf = (row: string, column: string) =>
  (row.match(new RegExp(`<td class=["']${column} column-${column}[^>]*>([\\s\\S]*?)</td>`))?.[1] ?? '')
    .replace(/<button[\s\S]*$/, '')
    .trim();

beforeAll(async () => {
  admin = await adminSession();
});

afterAll(async () => {
  wpPhp(
    `foreach ( get_posts( array( 'post_type' => 'car', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids', 'meta_key' => '_car_brand', 'meta_value' => $argv[1] ) ) as $id ) { wp_delete_post( $id, true ); } echo 1;`,
    BRAND,
  );
  for (const id of media) await deleteMedia(id);
});

describe('the car form and list', () => {
  it('shows a mileage typed in km in km, with both units in its help, and keeps it in miles', async () => {
    const car = await createCar({ _car_brand: BRAND, _car_model: 'Km' });
    const { res } = await submitEditForm(
      admin,
      car,
      formArray('car_export_car', { mileage: '27962', mileageUnit: 'km', brand: BRAND, model: 'Km' }),
    );
    expect(res.status).toBe(302);
    expect(meta(car, '_car_mileage')).toBe('17375');
    const form = await (await admin.get(`/wp-admin/post.php?post=${car}&action=edit`)).text();
    expect(form).toMatch(/<input type="number"[^>]*id="car-field-mileage"[^>]*value="27962"/);
    expect(form).toMatch(/<option value="km" selected='selected'>km<\/option>/);
    expect(form).toContain('Now: 17,375 mi = 27,962 km.');

    // Typed in miles, it comes back in miles.
    await submitEditForm(admin, car, formArray('car_export_car', { mileage: '12000', mileageUnit: 'mi', brand: BRAND, model: 'Km' }));
    const again = await (await admin.get(`/wp-admin/post.php?post=${car}&action=edit`)).text();
    expect(again).toMatch(/id="car-field-mileage"[^>]*value="12000"/);
    expect(again).toMatch(/<option value="mi" selected='selected'>miles<\/option>/);
  });

  it('reads "New" for a new car without mileage, where it said "0 mi 0 km"', async () => {
    const fresh = await createCar({ _car_brand: BRAND, _car_condition: 'New', _car_mileage: 0 });
    const used = await createCar({ _car_brand: BRAND, _car_condition: 'Used' });
    const html = await list('');
    expect(cellOf(rowOf(html, fresh), 'car_mileage')).toBe('New');
    expect(cellOf(rowOf(html, used), 'car_mileage')).toContain('Not set');
  });

  it('makes photo 1 the main image of a car that has photos and none, on save and in the import', async () => {
    const one = await uploadImage('qa-fix-one.png');
    const two = await uploadImage('qa-fix-two.png');
    media.push(one.id, two.id);
    const car = await createCar({ _car_brand: BRAND, _car_model: 'Photo' });
    const { res } = await submitEditForm(
      admin,
      car,
      formArray('car_export_car', { gallery: `${one.id},${two.id}`, brand: BRAND, model: 'Photo' }),
    );
    expect(res.status).toBe(302);
    expect(meta(car, '_thumbnail_id')).toBe(String(one.id));
    expect(cellOf(rowOf(await list(''), car), 'car_image')).toMatch(/<img src="[^"]+qa-fix-one/);

    // A car whose gallery was written without a main image (an older import) gets it from the next import.
    const stock = `${BRAND}-photo`;
    wpPhp(
      `update_post_meta( (int) $argv[1], '_car_stock_number', $argv[2] ); update_post_meta( (int) $argv[1], '_car_gallery', array( (int) $argv[3] ) ); delete_post_meta( (int) $argv[1], '_thumbnail_id' ); echo 1;`,
      String(car),
      stock,
      String(two.id),
    );
    const out = wpPhp<string>(
      `$f = tempnam( sys_get_temp_dir(), 'csv' ); file_put_contents( $f, "stockNumber,price\\n" . $argv[1] . ",12345\\n" ); $i = new CarExport\\Import\\CarImporter(); $p = $i->plan( $f ); unlink( $f ); echo json_encode( $i->import( $p['rows'], false )['updated'] );`,
      stock,
    );
    expect(out).toBe(1);
    expect(meta(car, '_thumbnail_id')).toBe(String(two.id));
  });

  it('refuses a bulk edit with a notice on the list, saying none of it was applied', async () => {
    const car = await createCar({ _car_brand: BRAND, _car_price: 20000 });
    const html = await list('');
    const res = await admin.get(`/wp-admin/edit.php?${bulkEditQuery(html, [car], { price: 'cheap', featured: '1' })}`);
    expect(res.status).toBe(302);
    const back = await (await admin.get(res.headers.get('location')!.replace(/^https?:\/\/[^/]+/, ''))).text();
    expect(back).toContain(
      '<div class="notice notice-error is-dismissible car-bulk-refused"><p>Bulk edit not applied: Price (USD) must be a whole number.',
    );
    expect(back).toContain('None of the changes was made to the 1 car chosen.');
    expect([meta(car, '_car_price'), meta(car, '_car_featured')]).toEqual(['20000', '']);
    // Once: a reload shows no notice.
    expect(await (await admin.get(res.headers.get('location')!.replace(/^https?:\/\/[^/]+/, ''))).text()).not.toContain('car-bulk-refused');
  });

  it('sorts by stock number', async () => {
    const ids: number[] = [];
    for (const stock of ['B-2', 'A-9', 'C-1']) {
      const id = await createCar({ _car_brand: BRAND, _car_model: 'Sort' });
      wpPhp(`update_post_meta( (int) $argv[1], '_car_stock_number', $argv[2] ); echo 1;`, String(id), `${BRAND}-${stock}`);
      ids.push(id);
    }
    const html = await list('orderby=car_stock&order=asc');
    expect(html).toMatch(/<th scope="col" id=["']car_stock["'][^>]*class=["'][^"']*sorted asc/);
    const order = [...html.matchAll(/<tr id="post-(\d+)"/g)].map((m) => Number(m[1])).filter((id) => ids.includes(id));
    expect(order).toEqual([ids[1], ids[0], ids[2]]);
  });
});

describe('around the car screens', () => {
  it('shows no category for a news post saved without one, where it said "Uncategorized"', async () => {
    const slug = `qa-fix-${Date.now()}`;
    const res = await rest('/wp/v2/posts', {
      method: 'POST',
      token: await adminToken(),
      body: { title: 'QA fix news', slug, status: 'publish', content: 'Text.' },
    });
    expect(res.status).toBe(201);
    try {
      const { newsPost } = await gqlData<{ newsPost: { categories: string[] } }>(
        'query($s: String!) { newsPost(slug: $s) { categories } }',
        { s: slug },
      );
      expect(newsPost.categories).toEqual([]);
    } finally {
      await rest(`/wp/v2/posts/${res.body.id}?force=true`, { method: 'DELETE', token: await adminToken() });
    }
  });

  it('lets the Users screen show buyers or staff only', async () => {
    const all = await (await admin.get('/wp-admin/users.php')).text();
    expect(all).toMatch(/>Buyers <span class="count">\(\d+\)<\/span><\/a>/);
    expect(all).toMatch(/>Staff <span class="count">\(\d+\)<\/span><\/a>/);
    const roles = (html: string) => [...html.matchAll(/<td class=["']role column-role["'][^>]*>([^<]*)</g)].map((m) => m[1]);
    const staff = roles(await (await admin.get('/wp-admin/users.php?car_export_people=staff')).text());
    expect(staff.length).toBeGreaterThan(0);
    expect(staff).not.toContain('Subscriber');
    const buyers = roles(await (await admin.get('/wp-admin/users.php?car_export_people=buyers')).text());
    expect(new Set(buyers)).toEqual(new Set(buyers.length ? ['Subscriber'] : []));
  });

  it("keeps the block editor's welcome guide, whose pictures do not load, shut", async () => {
    const editor = await (await admin.get('/wp-admin/post-new.php')).text();
    expect(editor).toContain("wp.data.dispatch('core/preferences').set('core/edit-post','welcomeGuide',false)");
  });
});
