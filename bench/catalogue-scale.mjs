// The catalogue at 100,000 cars beyond its searches (those are bench/search-scale.mjs): the sitemap
// index and its files (how many, URLs in each, every published car listed, time per file, cold), and
// what one staff edit does to WordPress's kept search answers (how many distinct searches stay warm),
// and the staff screens: the wp-admin Cars list (filters, sorting, search), the CSV export (time to
// first byte, total, peak PHP memory), bulk edit of 50 cars and a 5,000-row import with its progress
// batches. The synthetic cars get the postmeta a real car has for the staff screens.
// Prints figures; it is not a test. Needs the local stack of `npm start` (it writes synthetic cars to
// its database, as search-scale does, and removes them at the end, also when interrupted).
//
//   node bench/catalogue-scale.mjs [cars=100000] [searches=48: brand × body type pairs, at most 96] [parts=sitemap,purge,staff or list,export,bulk,import]
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paths } from '../scripts/lib/config.mjs';
import { CARS_QUERY, FACETS_QUERY, pct, SITE, WP } from './lib/cars-query.mjs';
import { removeImported, writeCsv } from './lib/import-csv.mjs';
import { addMeta, added, BODIES, BRANDS, cleanUp, grow, MARK, recount, seeded, sql } from './lib/synthetic-cars.mjs';
import { adminSession, bulkEditQuery, inputValue, linkHref } from './lib/wp-admin.mjs';

const SIZE = Number(process.argv[2] || 100000);
const SEARCHES = Math.min(96, Number(process.argv[3] || 48));
// staff stands for its four parts: list, export, bulk, import.
const PARTS = (process.argv[4] || 'sitemap,purge,staff').replace('staff', 'list,export,bulk,import').split(',');
const { purgeSecret } = JSON.parse(fs.readFileSync(paths.secrets, 'utf8'));

let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
});

async function timed(url) {
  const t = performance.now();
  const res = await fetch(url, { headers: { Accept: 'application/xml, application/json' } });
  const text = await res.text();
  return { ms: performance.now() - t, status: res.status, text };
}

/** What WordPress's purge call does to the site: every cached read and kept page goes. */
async function purgeSite() {
  const res = await fetch(`${SITE}/api/purge`, { method: 'POST', headers: { 'X-Purge-Secret': purgeSecret, 'Content-Length': '0' } });
  if (!res.ok) throw new Error(`purge: ${res.status} ${await res.text()}`);
}

const ms = (x) => `${x.toFixed(0)} ms`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The sitemap as a crawler reads it, right after a purge: the index, then every file it names. */
async function sitemap() {
  await purgeSite();
  const index = await timed(`${SITE}/sitemap.xml`);
  if (index.status !== 200) throw new Error(`/sitemap.xml answered ${index.status}`);
  const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const times = [];
  let urls = 0;
  let cars = 0;
  let largest = 0;
  for (const file of files) {
    const got = await timed(`${SITE}${file}`);
    if (got.status !== 200) throw new Error(`${file} answered ${got.status}`);
    const count = (got.text.match(/<url>/g) ?? []).length;
    urls += count;
    cars += (got.text.match(/<loc>[^<]*\/car\/\d+<\/loc>/g) ?? []).length;
    largest = Math.max(largest, count);
    times.push(got.ms);
  }
  const published = Number(sql("SELECT COUNT(*) FROM wp_posts WHERE post_type = 'car' AND post_status = 'publish'"));
  times.sort((a, b) => a - b);
  console.log(`Sitemap, cold (site caches purged first; WordPress keeps no sitemap answer):`);
  console.log(`  index: ${ms(index.ms)}, ${files.length} files`);
  console.log(`  files: ${urls.toLocaleString('en-US')} URLs, at most ${largest.toLocaleString('en-US')} in one`);
  console.log(`  cars listed: ${cars.toLocaleString('en-US')} of ${published.toLocaleString('en-US')} published`);
  console.log(`  time per file: p50 ${ms(pct(times, 50))}, max ${ms(times.at(-1) ?? 0)} (load ${load()})\n`);
  return { files: files.length, urls, cars, published, largest, index: index.ms, p50: pct(times, 50), max: times.at(-1) ?? 0 };
}

/** A GET of the lean read path and the key WordPress keeps its answer under. */
function question(query, variables) {
  const vars = JSON.stringify(variables);
  const url = `${WP}/graphql?${new URLSearchParams({ query, variables: vars })}`;
  const sha1 = (s) => createHash('sha1').update(s).digest('hex');
  return { url, key: sha1(`response\0${sha1(`${query}\0${vars}\0`)}`) };
}

/** How many of the questions' answers WordPress keeps. */
const keptOf = (questions) =>
  Number(sql(`SELECT COUNT(*) FROM wp_car_search_cache WHERE cache_key IN (${questions.map((q) => `'${q.key}'`).join(', ')})`));

/** A staff edit of one meta value inside WordPress: the plugin's hooks (lookup row, purge of kept answers) run. */
function setPrice(id, price) {
  const wpLoad = JSON.stringify(path.join(paths.wordpress, 'wp-load.php'));
  const code = `require ${wpLoad}; update_post_meta( (int) $argv[1], '_car_price', (string) $argv[2] );`;
  const res = spawnSync('php', ['-r', code, '--', String(id), String(price)], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`editing car ${id}: ${res.stderr || res.stdout}`);
}

async function askAll(questions) {
  const times = [];
  for (const q of questions) {
    const got = await timed(q.url);
    if (got.status !== 200 || got.text.includes('"errors"')) throw new Error(`${q.url}: ${got.status} ${got.text.slice(0, 200)}`);
    times.push(got.ms);
  }
  return times.sort((a, b) => a - b);
}

/** Distinct searches and their filter panels warmed, one seeded car's price edited as staff would, and what stays warm. */
async function purgeEffect() {
  const questions = [];
  for (let i = 0; i < SEARCHES; i += 1) {
    const filter = { brand: BRANDS[i % BRANDS.length], bodyType: BODIES[Math.floor(i / BRANDS.length) % BODIES.length] };
    questions.push(question(CARS_QUERY, { filter, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 12 }));
    questions.push(question(FACETS_QUERY, { filter }));
  }
  await askAll(questions);
  const warm = await askAll(questions);
  const before = keptOf(questions);
  // A seeded car (real meta) with a price well inside the range: the common staff edit.
  const [id, price] = sql(
    `SELECT l.car_id, l.price FROM wp_car_lookup l JOIN wp_posts p ON p.ID = l.car_id
     WHERE p.post_name NOT LIKE '${MARK}%' AND l.status = 'publish' AND l.price BETWEEN 20000 AND 40000 ORDER BY l.car_id LIMIT 1`,
  ).split('\t');
  const t = performance.now();
  setPrice(id, Number(price) + 100);
  const saveMs = performance.now() - t;
  const after = keptOf(questions);
  const again = await askAll(questions);
  setPrice(id, Number(price)); // as it was
  const [brand, body] = sql(`SELECT brand, body_type FROM wp_car_lookup WHERE car_id = ${id}`).split('\t');
  console.log(`Purge effect: ${questions.length} kept answers (${SEARCHES} brand × body searches, each with its filter panel);`);
  console.log(`  car ${id} (${brand} ${body}) price +100 in WordPress (${ms(saveMs)} with PHP's start)`);
  console.log(`  kept before the edit: ${before}, after: ${after} (before this change a save emptied them all: 0)`);
  console.log(
    `  asked again: p50 ${ms(pct(again, 50))}, p95 ${ms(pct(again, 95))} (all warm before: p50 ${ms(pct(warm, 50))}) (load ${load()})\n`,
  );
  return { total: questions.length, before, after, warm: pct(warm, 50), again: pct(again, 50) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The Cars list as staff open it, three times each view (PHP and MariaDB caches warm after the first). */
async function carList(admin) {
  const stock = sql(
    `SELECT meta_value FROM wp_postmeta WHERE meta_key = '_car_stock_number' AND meta_value LIKE 'SYN-%' ORDER BY meta_id DESC LIMIT 1`,
  );
  const views = {
    'newest first': '',
    'sorted by price': '&orderby=car_price&order=asc',
    'sorted by brand': '&orderby=car_brand&order=asc',
    'sorted by mileage, page 50': '&orderby=car_mileage&order=desc&paged=50',
    'brand filter': '&car_brand=BYD',
    'body type + not featured': '&car_bodyType=SUV&car_featured=no',
    'brand filter, sorted by year': '&car_brand=Geely&orderby=car_year&order=desc',
    'search: a stock number': `&s=${encodeURIComponent(stock)}`,
    'search: a word': '&s=touring',
  };
  console.log('Cars list in wp-admin (20 a page; median and max of 3):');
  const worst = { ms: 0, view: '' };
  for (const [view, query] of Object.entries(views)) {
    const times = [];
    let items = '';
    for (let i = 0; i < 3; i += 1) {
      const got = await timedBy(() => admin.get(`/wp-admin/edit.php?post_type=car${query}`));
      if (got.status !== 200 || !got.text.includes('<tr id="post-')) throw new Error(`list ${view}: ${got.status}, no rows`);
      items = got.text.match(/<span class="displaying-num">([^<]+)<\/span>/)?.[1] ?? '?';
      times.push(got.ms);
    }
    const max = Math.max(...times);
    if (max > worst.ms) Object.assign(worst, { ms: max, view });
    console.log(`  ${view.padEnd(30)} ${ms(median(times)).padStart(8)} (max ${ms(max)}), ${items}`);
  }
  console.log(`  slowest: ${worst.view}, ${ms(worst.ms)} (load ${load()})\n`);
  return worst;
}

async function timedBy(request) {
  const t = performance.now();
  const res = await request();
  const text = await res.text();
  return { ms: performance.now() - t, status: res.status, text, res };
}

/** The export as staff download it (first byte, whole file), and the same export's peak memory in PHP's CLI. */
async function csvExport(admin) {
  const page = await (await admin.get('/wp-admin/edit.php?post_type=car&page=car-export-import')).text();
  const t = performance.now();
  const res = await admin.get(linkHref(page, 'Download CSV'));
  const headersMs = performance.now() - t;
  if (res.status !== 200) throw new Error(`export: ${res.status}`);
  let firstMs = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    if (bytes === 0) firstMs = performance.now() - t;
    bytes += chunk.length;
  }
  const totalMs = performance.now() - t;
  // The same CarCsvExport::write(), through bin/car-csv.php, to measure what PHP holds at its peak.
  const prepend = path.join(os.tmpdir(), `peak-memory-${process.pid}.php`);
  const cliFile = path.join(os.tmpdir(), `bench-export-${process.pid}.csv`);
  fs.writeFileSync(
    prepend,
    '<?php register_shutdown_function( static function () { fwrite( STDERR, "peak " . memory_get_peak_usage( true ) . "\\n" ); } );\n',
  );
  const c = performance.now();
  const cli = spawnSync(
    'php',
    [
      '-d',
      'memory_limit=1G',
      '-d',
      `auto_prepend_file=${prepend}`,
      path.join(paths.plugin, 'bin', 'car-csv.php'),
      `--wordpress=${paths.wordpress}`,
      'export',
      cliFile,
    ],
    { encoding: 'utf8' },
  );
  const cliMs = performance.now() - c;
  fs.rmSync(prepend, { force: true });
  // The download is whole only when it holds what the same export wrote to a file: a response cut
  // short still ends with status 200 once its headers have gone.
  const cliBytes = fs.existsSync(cliFile) ? fs.statSync(cliFile).size : NaN;
  fs.rmSync(cliFile, { force: true });
  if (bytes !== cliBytes) console.log(`  THE DOWNLOAD IS NOT WHOLE: ${bytes} bytes, the same export in the CLI ${cliBytes}`);
  const peak = Number(cli.stderr.match(/peak (\d+)/)?.[1] ?? NaN);
  if (cli.status !== 0) throw new Error(`CLI export: ${cli.stderr.slice(-500)}`);
  const cars = Number(
    sql("SELECT COUNT(*) FROM wp_posts WHERE post_type = 'car' AND post_status IN ('publish','draft','pending','private','future')"),
  );
  console.log(`CSV export of ${cars.toLocaleString('en-US')} cars (Download CSV in wp-admin):`);
  console.log(
    `  headers after ${ms(headersMs)}, first bytes after ${ms(firstMs)}, whole file ${ms(totalMs)}, ${(bytes / 1e6).toFixed(1)} MB`,
  );
  console.log(`  same export in PHP's CLI: ${ms(cliMs)}, peak PHP memory ${(peak / 1048576).toFixed(0)} MB (load ${load()})\n`);
  return { headersMs, firstMs, totalMs, bytes, peak };
}

/** Bulk edit of 50 cars from the list (featured on), as the browser submits it. */
async function bulkEdit(admin) {
  const ids = sql(`SELECT ID FROM wp_posts WHERE post_type = 'car' AND post_name LIKE '${MARK}%' ORDER BY ID DESC LIMIT 50`).split('\n');
  const html = await (await admin.get('/wp-admin/edit.php?post_type=car')).text();
  const form = bulkEditQuery(html, ids, { price: '', featured: '1' });
  const got = await timedBy(() => admin.get(`/wp-admin/edit.php?${form}`));
  const featured = Number(sql(`SELECT COUNT(*) FROM wp_car_lookup WHERE featured = 1 AND car_id IN (${ids.join(',')})`));
  if (got.status !== 302 || featured !== ids.length) throw new Error(`bulk edit: ${got.status}, ${featured} of ${ids.length} featured`);
  console.log(`Bulk edit of ${ids.length} cars (featured on): ${ms(got.ms)}, ${featured} featured in the lookup table (load ${load()})\n`);
  return got.ms;
}

/** A 5,000-row file uploaded, checked (the dry run page) and imported batch by batch, as the progress bar does. */
async function csvImport(admin, rows = 5000) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-import-'));
  const file = path.join(dir, 'cars.csv');
  writeCsv(file, rows, 8); // the synthetic cars' models, Model A to H, of the same brands
  try {
    const screen = '/wp-admin/edit.php?post_type=car&page=car-export-import';
    const page = await (await admin.get(screen)).text();
    const body = new FormData();
    body.set('action', 'car_export_import_upload');
    body.set('_wpnonce', inputValue(page, '_wpnonce'));
    body.set('car_export_csv', new Blob([fs.readFileSync(file)], { type: 'text/csv' }), 'cars.csv');
    const upload = await timedBy(() => admin.post('/wp-admin/admin-post.php', body));
    const token = new URL(upload.res.headers.get('location') ?? '', WP).searchParams.get('token');
    if (upload.status !== 302 || !token) throw new Error(`upload: ${upload.status} ${upload.res.headers.get('location')}`);
    const check = await timedBy(() => admin.get(`${screen}&token=${token}`));
    const nonce = check.text.match(/carExportImport = \{[^}]*"nonce":"([0-9a-f]+)"/)?.[1];
    if (check.status !== 200 || !nonce) throw new Error(`dry run page: ${check.status}`);
    const totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };
    const batches = [];
    const t = performance.now();
    for (let offset = 0; ;) {
      const got = await timedBy(() =>
        admin.post('/wp-json/car-export/v1/import/batch', JSON.stringify({ token, offset }), {
          'Content-Type': 'application/json',
          'X-WP-Nonce': nonce,
        }),
      );
      if (got.status !== 200) throw new Error(`batch at ${offset}: ${got.status} ${got.text.slice(0, 300)}`);
      const answer = JSON.parse(got.text);
      for (const k of Object.keys(totals)) totals[k] += answer.report[k];
      batches.push(got.ms);
      if (answer.done) break;
      offset = answer.next;
    }
    const importMs = performance.now() - t;
    console.log(`Import of ${rows.toLocaleString('en-US')} rows (${(fs.statSync(file).size / 1024).toFixed(0)} KB) on the import screen:`);
    console.log(`  upload ${ms(upload.ms)}, check (dry run page) ${ms(check.ms)}`);
    console.log(
      `  import: ${(importMs / 1000).toFixed(1)} s in ${batches.length} batches (each p50 ${ms(median(batches))}, max ${ms(Math.max(...batches))}): ` +
        `${totals.created} created, ${totals.updated} updated, ${totals.unchanged} unchanged, ${totals.failed} with problems (load ${load()})\n`,
    );
    return { importMs, checkMs: check.ms, batches: batches.length };
  } finally {
    removeImported(sql);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function staffScreens() {
  const t = performance.now();
  const perCar = addMeta();
  console.log(
    `Staff screens: synthetic cars given ${perCar} meta rows each, as the richest seeded car has (${ms(performance.now() - t)})\n`,
  );
  const admin = await adminSession();
  if (!interrupted && PARTS.includes('list')) await carList(admin);
  if (!interrupted && PARTS.includes('export')) await csvExport(admin);
  if (!interrupted && PARTS.includes('bulk')) await bulkEdit(admin);
  if (!interrupted && PARTS.includes('import')) await csvImport(admin);
}

cleanUp(); // rows left by an earlier run that was killed
removeImported(sql);
console.log(
  `Catalogue at scale: ${seeded()} seeded cars grown to ${SIZE.toLocaleString('en-US')}; ${os.cpus().length} cores, load ${load()}\n`,
);
try {
  const want = Math.max(0, SIZE - seeded());
  if (want > added()) grow(added() + 1, want);
  recount();
  if (!interrupted && PARTS.includes('sitemap')) await sitemap();
  if (!interrupted && PARTS.includes('purge')) await purgeEffect();
  if (!interrupted && ['list', 'export', 'bulk', 'import'].some((p) => PARTS.includes(p))) await staffScreens();
} finally {
  removeImported(sql);
  cleanUp();
  await purgeSite();
  console.log(`Removed the synthetic cars; ${seeded()} published cars remain.`);
}
