// Catalogue search at 10,000 and 100,000 cars (budget: every query, deep pages and filter lists
// with their counts included, p95 ≤ 15 ms at 10,000 cars and ≤ 25 ms at 100,000).
// Prints figures; it is not a test. Needs the local stack of `npm start` (it writes to its database).
//
//   node bench/search-scale.mjs [requests-per-query=100] [sizes=10000,100000]
//
// It adds synthetic published cars straight into wp_posts and the lookup table (MariaDB's SEQUENCE
// engine makes 100,000 rows in seconds; going through wp_insert_post would take an hour), recounts
// the filter options (`wp car-export recount`), measures the site's searches over HTTP, and removes
// every row it added, also when interrupted. The rows have no postmeta or images: the search cost is
// in the lookup table, and a result page loads the same per-car data whatever the catalogue size.
// While it runs, the local site lists those cars.
//
// Each query is timed twice: cold (the search answer cache emptied before every request, as after
// a staff edit) and warm (answered from it). The table at the end pastes into the README.
import { localDatabase } from './lib/local-db.mjs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { carsUrl, facetsUrl, FILTERS_QUERY, line, queryUrl, SEARCHES, timeQuery } from './lib/cars-query.mjs';

const N = Number(process.argv[2] || 100);
const SIZES = (process.argv[3] || '10000,100000').split(',').map(Number);
const MARK = 'bench-car-'; // post_name prefix of every row this script adds

const sql = localDatabase('search-scale', 'synthetic cars');

const seeded = () => Number(sql("SELECT COUNT(*) FROM wp_car_lookup WHERE status = 'publish'"));
const added = () => Number(sql(`SELECT COUNT(*) FROM wp_posts WHERE post_type = 'car' AND post_name LIKE '${MARK}%'`));

function cleanUp() {
  sql(`DELETE l FROM wp_car_lookup l JOIN wp_posts p ON p.ID = l.car_id WHERE p.post_type = 'car' AND p.post_name LIKE '${MARK}%';
       DELETE FROM wp_posts WHERE post_type = 'car' AND post_name LIKE '${MARK}%';`);
  recount();
}

/** The rows went in around WordPress: recount the filter options and drop kept answers, as a save would. */
function recount() {
  const res = spawnSync('node', ['scripts/wp-cli.mjs', 'car-export', 'recount'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`wp car-export recount failed: ${res.stderr || res.stdout}`);
}

/** What a staff save does to the search cache: a new catalogue version, no kept answers. */
function emptySearchCache() {
  sql(`INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('car_export_catalogue_version', '1', 'yes')
         ON DUPLICATE KEY UPDATE option_value = option_value + 1;
       DELETE FROM wp_car_search_cache;`);
}

// Values drawn from the seed's own vocabulary, spread by different strides so they do not correlate.
const BRANDS = [
  'BYD',
  'Geely',
  'Chery',
  'Changan',
  'Great Wall',
  'Haval',
  'Nio',
  'Xpeng',
  'Li Auto',
  'Zeekr',
  'Hongqi',
  'GAC',
  'SAIC MG',
  'Toyota',
  'Nissan',
  'Hyundai',
];
const BODIES = ['SUV', 'Sedan', 'Hatchback', 'Pickup', 'Minivan', 'Sports Car'];
const FUELS = ['electric', 'hybrid', 'petrol', 'premium-petrol', 'diesel'];
const GEARS = ['automatic', 'ev', 'manual', 'cvt', 'dct'];
const DRIVES = ['FWD', 'RWD', 'AWD', '4WD'];
const WORDS = ['sport', 'comfort', 'luxury', 'pro', 'max', 'plus', 'touring', 'urban', 'long range', 'performance'];
const elt = (expr, list) => `ELT(1 + (${expr}), ${list.map((v) => `'${v}'`).join(', ')})`;

/** Adds synthetic cars numbered from..to (inclusive): posts first, then their lookup rows. */
function grow(from, to) {
  const brand = elt(`n % ${BRANDS.length}`, BRANDS);
  const model = `CONCAT('Model ', CHAR(65 + (n DIV ${BRANDS.length}) % 8))`;
  const word = elt(`(n * 7) % ${WORDS.length}`, WORDS);
  const year = `2018 + (n * 3) % 8`;
  sql(`INSERT INTO wp_posts (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status,
         comment_status, ping_status, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered,
         guid, post_type)
       SELECT 1, d, d, '', t, '', 'publish', 'closed', 'closed', CONCAT('${MARK}', n), '', '', d, d, '', CONCAT('bench:', n), 'car'
       FROM (SELECT n, NOW() - INTERVAL (n * 7) MINUTE AS d, CONCAT(${year}, ' ', ${brand}, ' ', ${model}, ' ', ${word}) AS t
             FROM (SELECT seq AS n FROM seq_${from}_to_${to}) numbers) s;`);
  sql(`INSERT INTO wp_car_lookup (car_id, status, post_date, title, search_text, price, brand, model, year, mileage,
         body_type, fuel_type, transmission, drive_type, featured)
       SELECT p.ID, 'publish', p.post_date, p.post_title,
              LOWER(CONCAT(p.post_title, ' ', ${elt(`(n * 5) % ${BODIES.length}`, BODIES)}, ' ', ${elt(`(n * 3) % ${FUELS.length}`, FUELS)})),
              IF(n % 25 = 0, NULL, 5000 + ((n * 7919) % 2300) * 100), ${brand}, ${model}, ${year}, (n * 37) % 150000,
              ${elt(`(n * 5) % ${BODIES.length}`, BODIES)}, ${elt(`(n * 3) % ${FUELS.length}`, FUELS)},
              ${elt(`(n * 11) % ${GEARS.length}`, GEARS)}, ${elt(`(n * 13) % ${DRIVES.length}`, DRIVES)}, 0
       FROM (SELECT ID, post_date, post_title, CAST(SUBSTRING(post_name, ${MARK.length + 1}) AS UNSIGNED) AS n
             FROM wp_posts WHERE post_type = 'car' AND post_name LIKE '${MARK}%') p
       LEFT JOIN wp_car_lookup l ON l.car_id = p.ID
       WHERE l.car_id IS NULL;
       ANALYZE TABLE wp_car_lookup;`);
}

let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
});

cleanUp(); // rows left by an earlier run that was killed
const base = seeded();
console.log(`Catalogue search at scale: ${base} seeded cars + synthetic ones; ${N} requests per query, sequential, over HTTP.`);
console.log(
  `Machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);

const TARGET = { 10000: 15, 100000: 25 };
const rows = [];
/** Times `url` cold then warm, prints both, and keeps the p95s for the table. */
async function measure(size, name, url, read) {
  const cold = await timeQuery(url, N, read, emptySearchCache);
  console.log(line(`${name} (cold)`, cold, N));
  const warm = await timeQuery(url, N, read);
  console.log(line(`${name} (warm)`, warm, N));
  rows.push({ size, name, cold: cold.p95, warm: warm.p95 });
}

const total = (d) => `total=${String(d.cars.total).padStart(7)}`;
const counted = (d) => `total=${String(d.carFilters.total).padStart(7)}`;
try {
  for (const size of SIZES) {
    if (interrupted) break;
    const have = added();
    const want = Math.max(0, size - base);
    const t = performance.now();
    if (want > have) grow(have + 1, want);
    recount();
    console.log(`— ${seeded().toLocaleString('en-US')} published cars (added in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
    for (const [name, variables] of Object.entries(SEARCHES)) {
      if (interrupted) break;
      await measure(size, name, carsUrl(variables), total);
    }
    const far = { ...SEARCHES['first page, newest'], page: Math.floor(size / 12) };
    await measure(size, `last page (${far.page})`, carsUrl(far), total);
    await measure(
      size,
      'filter lists (no counts)',
      queryUrl(FILTERS_QUERY),
      (d) => `brands=${String(d.carFilters.brands.length).padStart(6)}`,
    );
    await measure(size, 'filter counts, no filter', facetsUrl({}), counted);
    await measure(size, 'filter counts, brand + body', facetsUrl(SEARCHES['brand + body type'].filter), counted);
    await measure(size, 'filter counts, keyword', facetsUrl(SEARCHES['keyword search'].filter), counted);
    await measure(size, 'filter counts, price range', facetsUrl(SEARCHES['price range, cheapest first'].filter), counted);
    console.log('');
  }
} finally {
  cleanUp();
  console.log(`Removed the synthetic cars; ${seeded()} published cars remain.\n`);
}

// p95 per query, cold and warm, beside the target of its size: ready for the README's benchmark table.
const mark = (ms, target) => `${ms.toFixed(1)} ms ${ms <= target ? '✓' : '✗'}`;
console.log('| cars | query | cold p95 | warm p95 | target |');
console.log('| ---: | --- | ---: | ---: | ---: |');
for (const r of rows) {
  const target = TARGET[r.size] ?? 25;
  console.log(`| ${r.size.toLocaleString('en-US')} | ${r.name} | ${mark(r.cold, target)} | ${mark(r.warm, target)} | ≤ ${target} ms |`);
}
