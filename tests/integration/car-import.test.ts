// Staff run the catalogue in bulk: the CSV import through WP-CLI (`wp car-export import`), re-import
// by stock number, the export round trip, the batch route
// of the admin screen refusing what it must, signed previews of drafts, and the settings page
// showing that the site confirmed a purge. Everything against the live local WordPress and site.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreviewToken } from '../../app/routes/preview.$kind.$id/preview-token.server';
import { adminSession, linkHref } from './support/admin';
import { WP_LOAD, lastPurgeAbout, wpPhp } from './support/local';
import { ROOT } from '../../scripts/lib/config.mjs';
import { wpCliArgs, wpCliEnv } from '../../scripts/lib/wp-cli.mjs';
import { SITE } from './support/site';
import { adminToken, gqlData, rest } from './support/wordpress';
import { testBrand, type Connection } from './support/catalogue';

const BRAND = testBrand('Qimp');
const STOCK = `QA-${BRAND}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-import-test-'));

type Found = Pick<
  Connection<{
    databaseId: number;
    title: string;
    price: number | null;
    featured: boolean;
    stockNumber: string | null;
    features: string[];
  }>,
  'total' | 'nodes'
>;

async function findCars(): Promise<Found> {
  return (
    await gqlData<{ cars: Found }>(
      'query($f: CarFilter) { cars(filter: $f, perPage: 20, orderBy: PRICE, order: ASC) { total nodes { databaseId title price featured stockNumber features } } }',
      { f: { brand: BRAND } },
    )
  ).cars;
}

function csv(rows: string[][]): string {
  const file = path.join(dir, `${randomBytes(4).toString('hex')}.csv`);
  fs.writeFileSync(file, rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\r\n') + '\r\n');
  return file;
}

/**
 * `wp car-export ARGS` against the local WordPress, as staff run it; `out` is everything it printed
 * (standard output and error together, in no fixed order), so the report's lines are matched as
 * lines, never as the end of the output.
 */
function cli(...args: string[]): { status: number | null; out: string } {
  const res = spawnSync('php', wpCliArgs(['car-export', ...args]), { cwd: ROOT, env: wpCliEnv(), encoding: 'utf8', timeout: 120000 });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

const HEADER = ['stockNumber', 'title', 'status', 'price', 'brand', 'model', 'year', 'bodyType', 'featured', 'features', 'description'];
const rowsV1 = [
  HEADER,
  [`${STOCK}-1`, `2024 ${BRAND} Alpha`, 'publish', '$21,500', BRAND, 'Alpha', '2024', 'suv', 'yes', 'Sunroof|Heated seats', 'First car.'],
  [`${STOCK}-2`, `2023 ${BRAND} Beta`, 'publish', '30000', BRAND, 'Beta', '2023', 'Sedan', 'no', '', '- Leather seats\n- One owner'],
  [`${STOCK}-3`, `2022 ${BRAND} Draft`, 'draft', '45000', BRAND, 'Gamma', '2022', 'Pickup', 'no', '', 'Not yet published.'],
];

afterAll(() => {
  wpPhp(
    `$ids = get_posts( array( 'post_type' => 'car', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids', 'meta_query' => array( array( 'key' => '_car_stock_number', 'value' => $argv[1], 'compare' => 'LIKE' ) ) ) );
     foreach ( $ids as $id ) { wp_delete_post( $id, true ); } echo count( $ids );`,
    STOCK,
  );
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('CSV import of cars', () => {
  beforeAll(() => {
    if (!fs.existsSync(WP_LOAD)) throw new Error(`The local WordPress (${WP_LOAD}) is required: start the stack with \`npm start\`.`);
    // The import takes brands and models the catalogue has (a new one is a typo more often than
    // not); staff add a new brand's first car with the car form, as this draft stands for.
    wpPhp(
      `foreach ( array( 'Alpha', 'Beta', 'Gamma', 'A', 'Twin' ) as $m ) { wp_insert_post( array( 'post_type' => 'car', 'post_status' => 'draft', 'post_title' => $argv[1] . ' ' . $m, 'meta_input' => array( '_car_stock_number' => $argv[2] . '-seed-' . $m, '_car_brand' => $argv[1], '_car_model' => $m ) ) ); } echo 1;`,
      BRAND,
      STOCK,
    );
  });

  it('a dry run lists every problem with its row number and saves nothing', async () => {
    const file = csv([
      HEADER,
      [`${STOCK}-1`, 'Fine row', 'publish', '1000', BRAND, 'A', '2020', 'SUV', 'no', '', ''],
      [`${STOCK}-x`, 'Bad row', 'publish', 'cheap', BRAND, 'A', '1800', 'Tank', 'no', '', ''],
      ['', 'No stock number', 'publish', '', BRAND, 'A', '', '', '', '', ''],
      [`${STOCK}-1`, 'Repeat', 'publish', '', BRAND, 'A', '', '', '', '', ''],
      [`${STOCK}-w`, 'Typo brand', 'publish', '', 'Wunderauto', 'A', '', '', '', '', ''],
      [`${STOCK}-m`, 'Typo model', 'publish', '', BRAND.toLowerCase(), 'Alpah', '', '', '', '', ''],
      [`${STOCK}-f`, '=HYPERLINK("http://evil.example","Win")', 'publish', '', BRAND, 'A', '', '', '', '', ''],
    ]);
    const res = cli('import', file, '--dry-run');
    expect(res.status).toBe(1);
    expect(res.out).toContain('Row 3 (' + `${STOCK}-x): Price (USD) must be a whole number. Year must be between 1950`);
    expect(res.out).toContain('Body type must be one of');
    expect(res.out).toContain('Row 4 (-): Stock number is empty.');
    expect(res.out).toContain('Row 5 (' + `${STOCK}-1): Stock number repeats row 2.`);
    expect(res.out).toContain(`Row 6 (${STOCK}-w): Brand "Wunderauto" is not a brand of any car yet.`);
    expect(res.out).toContain(`Row 7 (${STOCK}-m): Model "Alpah" is not a model of ${BRAND} yet.`);
    // The formula is the one reason: the title is there, only refused.
    const formula = res.out.split('\n').find((l) => l.startsWith(`Row 8 (${STOCK}-f):`));
    expect(formula).toMatch(
      /^Row 8 \(.*\): Title starts with "=", which spreadsheets run as a formula\. Start the text with a letter or digit\.$/,
    );
    expect(res.out).toContain('Dry run, nothing saved: 1 created, 0 updated, 0 unchanged, 6 with problems.');
    expect((await findCars()).total).toBe(0);
  });

  it('names a row as a spreadsheet shows it, not the line of the file its description pushed it to', () => {
    const file = csv([
      HEADER,
      [`${STOCK}-n1`, 'Fine row', 'publish', '1000', BRAND, 'A', '2020', 'SUV', 'no', '', 'One owner.\nFull history.\nNew tyres.'],
      [`${STOCK}-n2`, 'Bad row', 'publish', 'cheap', BRAND, 'A', '2020', 'SUV', 'no', '', 'Two\nlines'],
      [`${STOCK}-n3`, 'Bad too', 'publish', 'cheap', BRAND, 'A', '2020', 'SUV', 'no', '', ''],
    ]);
    const res = cli('import', file, '--dry-run');
    // Spreadsheet rows 3 and 4 are lines 5 and 7 of the file.
    expect(res.out).toContain(`Row 3 (${STOCK}-n2): Price (USD) must be a whole number.`);
    expect(res.out).toContain(`Row 4 (${STOCK}-n3): Price (USD) must be a whole number.`);
  });

  it('imports the rows; published cars are in the GraphQL catalogue with their values, drafts are not', async () => {
    const res = cli('import', csv(rowsV1));
    expect(res.out).toContain('3 created, 0 updated, 0 unchanged, 0 with problems.');
    expect(res.status).toBe(0);
    expect((await lastPurgeAbout('cars imported')).ok).toBe(true);
    // The dashboard's Last import box has this run's counts.
    const dash = await (await (await adminSession()).get('/wp-admin/index.php')).text();
    expect(dash).toMatch(
      /by the command line<\/p><p class="car-export-dash-import">3 created, 0 updated, 0 unchanged, 0 with problems \(skipped\)\.</,
    );

    const found = await findCars();
    expect(found.total).toBe(2);
    expect(found.nodes.map((n) => [n.stockNumber, n.title, n.price, n.featured])).toEqual([
      [`${STOCK}-1`, `2024 ${BRAND} Alpha`, 21500, true],
      [`${STOCK}-2`, `2023 ${BRAND} Beta`, 30000, false],
    ]);
    expect(found.nodes[0]!.features).toEqual(['Sunroof', 'Heated seats']);
  });

  it('re-importing a stock number updates that car instead of adding one, and only what changed; the dry run counts the same', async () => {
    const before = await findCars();
    const file = csv([
      ['stockNumber', 'price', 'featured'],
      [`${STOCK}-1`, '19990', 'no'],
      [`${STOCK}-2`, '30000', 'no'],
    ]);
    expect(cli('import', file, '--dry-run').out).toContain('Dry run, nothing saved: 0 created, 1 updated, 1 unchanged, 0 with problems.');
    const res = cli('import', file);
    expect(res.out).toContain('0 created, 1 updated, 1 unchanged, 0 with problems.');

    const after = await findCars();
    expect(after.total).toBe(2);
    const alpha = after.nodes.find((n) => n.stockNumber === `${STOCK}-1`)!;
    expect(alpha.databaseId).toBe(before.nodes.find((n) => n.stockNumber === `${STOCK}-1`)!.databaseId);
    expect([alpha.price, alpha.featured, alpha.title]).toEqual([19990, false, `2024 ${BRAND} Alpha`]);
  });

  it('refuses a row whose stock number two cars share, since it could update the wrong one', async () => {
    const shared = `${STOCK}-twice`;
    const twins = wpPhp<number[]>(
      `$ids = array(); foreach ( array( 'One', 'Two' ) as $n ) { $ids[] = wp_insert_post( array( 'post_type' => 'car', 'post_status' => 'draft', 'post_title' => $n, 'meta_input' => array( '_car_stock_number' => $argv[1] ) ) ); } echo json_encode( $ids );`,
      shared,
    );
    const file = csv([HEADER, [shared, `2021 ${BRAND} Twin`, 'publish', '1000', BRAND, 'Twin', '2021', 'SUV', 'no', '', '']]);
    for (const args of [['--dry-run'], []]) {
      const res = cli('import', file, ...args);
      expect(res.status).toBe(1);
      expect(res.out).toContain(`Row 2 (${shared}): Stock number is used by more than one car (IDs ${twins.join(', ')})`);
    }
    // Both cars as they were; then gone, so the export round trip below sees no shared number.
    const titles = wpPhp<string[]>(
      `$t = array_map( 'get_the_title', array( (int) $argv[1], (int) $argv[2] ) ); wp_delete_post( (int) $argv[1], true ); wp_delete_post( (int) $argv[2], true ); echo json_encode( $t );`,
      ...twins.map(String),
    );
    expect(titles).toEqual(['One', 'Two']);
  });

  it('exporting the catalogue and importing the file again changes nothing, and its dry run says so first', async () => {
    const exported = path.join(dir, 'export.csv');
    const out = cli('export', `--file=${exported}`);
    expect(out.status).toBe(0);
    const text = fs.readFileSync(exported, 'utf8');
    expect(text.split('\r\n')[0]).toMatch(/^"stockNumber","title","status",.*"description","images"$/);
    // Numbers say their unit in the header.
    expect(text.split('\r\n')[0]).toContain('"price (USD)"');
    expect(text.split('\r\n')[0]).toContain('"mileage (miles)"');
    // Featured and sale status in the words the column guide gives (yes/no, available), never 1 or empty.
    const header = text.split('\r\n')[0]!.split(',');
    const cellsOf = (stock: string) =>
      text
        .split('\r\n')
        .find((l) => l.startsWith(`"${stock}",`))!
        .split(',');
    const cell = (stock: string, column: string) => cellsOf(stock)[header.indexOf(`"${column}"`)];
    expect([cell(`${STOCK}-3`, 'featured'), cell(`${STOCK}-3`, 'saleStatus')]).toEqual(['"no"', '"available"']);
    expect(text).toContain(`"${STOCK}-3","2022 ${BRAND} Draft","draft"`);
    // A description written as a dash list leaves guarded against spreadsheets and comes back as it was.
    expect(text).toContain(`"'- Leather seats\n- One owner"`);
    // The import screen's Download CSV streams the same file, as an attachment.
    const admin = await adminSession();
    const screen = await (await admin.get('/wp-admin/edit.php?post_type=car&page=car-export-import')).text();
    const download = await admin.get(linkHref(screen, 'Download CSV')!);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="cars-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await download.text()).toBe(text);

    const dry = cli('import', exported, '--dry-run');
    expect(dry.status).toBe(0);
    const unchanged = /^Dry run, nothing saved: 0 created, 0 updated, (\d+) unchanged, 0 with problems\.$/m.exec(dry.out)?.[1];
    expect(unchanged, dry.out.slice(-500)).toBeDefined();
    const again = cli('import', exported);
    expect(again.status).toBe(0);
    expect(again.out).toMatch(new RegExp(`^0 created, 0 updated, ${unchanged} unchanged, 0 with problems\\.$`, 'm'));
    const beta = (await findCars()).nodes.find((n) => n.stockNumber === `${STOCK}-2`);
    expect(beta?.databaseId).toBeGreaterThan(0);
    expect(wpPhp<string>('echo json_encode( get_post_field( "post_content", (int) $argv[1] ) );', String(beta!.databaseId))).toBe(
      '- Leather seats\n- One owner',
    );
  });
});

describe('the import screen before any upload', () => {
  it('lists what each column accepts and offers a sample file that imports without a problem', async () => {
    const admin = await adminSession();
    const screen = await (await admin.get('/wp-admin/edit.php?post_type=car&page=car-export-import')).text();
    const allowed = screen.match(/<details class="car-import-allowed">([\s\S]*?)<\/details>/)?.[1] ?? '';
    expect(allowed).toMatch(/<code>transmission<\/code><\/th><td>One of: automatic, manual/);
    expect(allowed).toContain('<code>brand</code>');
    const href = linkHref(screen, 'Download a sample CSV');
    expect(href).toBeDefined();

    const res = await admin.get(href!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('cars-sample.csv');
    const sample = path.join(dir, 'sample.csv');
    fs.writeFileSync(sample, await res.text());
    const dry = cli('import', sample, '--dry-run');
    expect(dry.out).toMatch(/Dry run, nothing saved: [01] created, [01] updated, [01] unchanged, 0 with problems\./);
    expect(dry.status).toBe(0);

    const forged = await admin.get(href!.replace(/_wpnonce=[^&]+/, '_wpnonce=bad'));
    expect(forged.status).toBe(403);
  });
});

describe('the import screen’s batch route', () => {
  it('refuses visitors, and a staff call with an unknown upload changes nothing', async () => {
    const anonymous = await rest('/car-export/v1/import/batch', { method: 'POST', body: { token: 'a'.repeat(32), offset: 0 } });
    expect(anonymous.status).toBe(401);

    const token = await adminToken();
    const unknown = await rest('/car-export/v1/import/batch', { method: 'POST', token, body: { token: 'b'.repeat(32), offset: 0 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/expired or is not yours/);

    const malformed = await rest('/car-export/v1/import/batch', { method: 'POST', token, body: { token: '../../etc/passwd', offset: -1 } });
    expect(malformed.status).toBe(400);
  });
});

describe('preview of a draft on the site', () => {
  let draftId = 0;
  const secret = process.env.PURGE_SECRET ?? '';

  beforeAll(async () => {
    if (!secret) throw new Error('PURGE_SECRET is not set: preview links are signed with it. `npm test` passes it.');
    draftId = Number(
      wpPhp(
        `$ids = get_posts( array( 'post_type' => 'car', 'post_status' => 'draft', 'fields' => 'ids', 'meta_key' => '_car_stock_number', 'meta_value' => $argv[1] ) ); echo json_encode( $ids[0] ?? 0 );`,
        `${STOCK}-3`,
      ),
    );
    expect(draftId).toBeGreaterThan(0);
  });

  const now = () => Math.floor(Date.now() / 1000);

  it('a valid link shows the draft, uncached and not indexed, while its public page stays 404', async () => {
    const token = createPreviewToken('car', draftId, secret, now() + 900);
    const res = await fetch(`${SITE}/preview/car/${draftId}?token=${encodeURIComponent(token)}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain(`2022 ${BRAND} Draft`);
    expect(html).toContain('not published');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(res.headers.get('x-page-cache')).not.toBe('HIT');

    expect((await fetch(`${SITE}/car/${draftId}`)).status).toBe(404);
  });

  it('WordPress itself refuses an altered token in GraphQL', async () => {
    const token = createPreviewToken('car', draftId, secret, now() + 900);
    const ok = await gqlData<{ carPreview: { title: string } | null }>('query($t: String!) { carPreview(token: $t) { title } }', {
      t: token,
    });
    expect(ok.carPreview?.title).toBe(`2022 ${BRAND} Draft`);
    const forged = createPreviewToken('car', draftId, 'not-the-secret', now() + 900);
    const refused = await gqlData<{ carPreview: unknown }>('query($t: String!) { carPreview(token: $t) { title } }', { t: forged });
    expect(refused.carPreview).toBeNull();
  });

  it('refuses with 403 and a clear page: no token, an expired one, a tampered one, one for another car', async () => {
    const expired = createPreviewToken('car', draftId, secret, now() - 1);
    const valid = createPreviewToken('car', draftId, secret, now() + 900);
    const tampered = valid.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const other = createPreviewToken('car', draftId + 1, secret, now() + 900);
    for (const query of ['', `?token=${expired}`, `?token=${tampered}`, `?token=${other}`]) {
      const res = await fetch(`${SITE}/preview/car/${draftId}${query}`);
      const html = await res.text();
      expect(res.status, query).toBe(403);
      expect(html).toContain('This preview link is not valid or has expired.');
      expect(html).not.toContain(`2022 ${BRAND} Draft`);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });
});

/** The Car Export settings form's fields, as the browser would send them back. */
async function settingsForm(session: Awaited<ReturnType<typeof adminSession>>): Promise<Record<string, string>> {
  const page = await (await session.get('/wp-admin/options-general.php?page=car-export')).text();
  const start = page.indexOf('/wp-admin/options.php');
  const form = page.slice(start, page.indexOf('</form>', start));
  // Every field as the browser would send it (WordPress quotes some attributes with ' and some with ").
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}=(["'])(.*?)\\1`).exec(tag)?.[2];
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#0?39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, 'name');
    const type = attr(tag, 'type');
    if (!name || type === 'submit' || type === 'button' || /\sdisabled/.test(tag) || (type === 'checkbox' && !/\schecked/.test(tag)))
      continue;
    fields[name] = decode(attr(tag, 'value') ?? '');
  }
  for (const m of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attr(m[1]!, 'name');
    if (name) fields[name] = decode(m[2]!);
  }
  expect(fields.option_page).toBe('car_export');
  expect(fields._wpnonce).toMatch(/^[a-f0-9]{10}$/);
  return fields;
}

describe('settings save', () => {
  it('purges the site and the settings page shows that the site confirmed it', async () => {
    const session = await adminSession();
    const fields = await settingsForm(session);
    const before = Math.floor(Date.now() / 1000);
    const saved = await session.post('/wp-admin/options.php', fields);
    expect(saved.status).toBe(302);

    const stored = wpPhp<{ time: number; ok: boolean; error: string }>(`echo wp_json_encode( get_option( 'car_export_last_purge' ) );`);
    expect(stored.ok, stored.error).toBe(true);
    expect(stored.time).toBeGreaterThanOrEqual(before);

    const after = await (await session.get('/wp-admin/options-general.php?page=car-export')).text();
    expect(after).toMatch(/Last purge: [^<]+ — OK, the website confirmed it\./);
  });

  it('a refused value comes back in its field beside the reason, and the stored one is kept', async () => {
    const session = await adminSession();
    const fields = await settingsForm(session);
    const storedPhone = fields['car_export_settings[phone]'];
    const saved = await session.post('/wp-admin/options.php', { ...fields, 'car_export_settings[phone]': 'call me maybe' });
    expect(saved.status).toBe(302);
    expect(wpPhp<string>(`echo json_encode( get_option( 'car_export_settings' )['phone'] ?? '' );`)).toBe(storedPhone);

    const after = await (await session.get(saved.headers.get('location')!)).text();
    expect(after).toContain('Seller phone was not saved: use digits and spaces only');
    expect(after).toMatch(/name="car_export_settings\[phone\]" value="call me maybe"/);
    // Shown once: the next visit shows the stored number again.
    const again = await (await session.get('/wp-admin/options-general.php?page=car-export')).text();
    expect(again).toContain(`name="car_export_settings[phone]" value="${storedPhone}"`);
  });

  it('keeps the company name and opening hours, and the settings the site reads carry them', async () => {
    const session = await adminSession();
    const fields = await settingsForm(session);
    const saved = await session.post('/wp-admin/options.php', {
      ...fields,
      'car_export_settings[company_name]': 'Qingdao <b>Motors</b> Co., Ltd.',
      'car_export_settings[opening_hours]': 'Mon–Fri 9:00–18:00\r\nSat 9:00–13:00',
    });
    expect(saved.status).toBe(302);
    try {
      const page = await (await session.get('/wp-admin/options-general.php?page=car-export')).text();
      expect(page).toContain('name="car_export_settings[company_name]" value="Qingdao Motors Co., Ltd."');
      expect(page).toMatch(/name="car_export_settings\[opening_hours\]"[^>]*>Mon–Fri 9:00–18:00\nSat 9:00–13:00<\/textarea>/);
      const { siteSettings } = await gqlData<{ siteSettings: { companyName: string; openingHours: string } }>(
        '{ siteSettings { companyName openingHours } }',
      );
      expect(siteSettings).toEqual({ companyName: 'Qingdao Motors Co., Ltd.', openingHours: 'Mon–Fri 9:00–18:00\nSat 9:00–13:00' });
    } finally {
      await session.post('/wp-admin/options.php', {
        ...fields,
        'car_export_settings[company_name]': '',
        'car_export_settings[opening_hours]': '',
      });
    }
  });
});
