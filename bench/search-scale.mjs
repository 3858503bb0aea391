// Catalogue search at 10,000 and 100,000 cars (budget: every query, deep pages and filter lists
// with their counts included, p95 ≤ 15 ms at 10,000 cars; at 100,000, ≤ 50 ms cold and ≤ 15 ms warm).
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
import { added, cleanUp, emptySearchCache, grow, recount, seeded } from './lib/synthetic-cars.mjs';
import os from 'node:os';
import { carsUrl, facetsUrl, FILTERS_QUERY, line, queryUrl, SEARCHES, timeQuery } from './lib/cars-query.mjs';

const N = Number(process.argv[2] || 100);
const SIZES = (process.argv[3] || '10000,100000').split(',').map(Number);

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

/** p95 budgets per catalogue size: cold (no kept answer) and warm. */
const TARGET = { 10000: { cold: 15, warm: 15 }, 100000: { cold: 50, warm: 15 } };
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

// p95 per query, cold and warm, beside the targets of its size: ready for the README's benchmark table.
const mark = (ms, target) => `${ms.toFixed(1)} ms ${ms <= target ? '✓' : '✗'}`;
console.log('| cars | query | cold p95 | warm p95 | target cold / warm |');
console.log('| ---: | --- | ---: | ---: | ---: |');
for (const r of rows) {
  const target = TARGET[r.size] ?? TARGET[100000];
  console.log(
    `| ${r.size.toLocaleString('en-US')} | ${r.name} | ${mark(r.cold, target.cold)} | ${mark(r.warm, target.warm)} | ≤ ${target.cold} / ${target.warm} ms |`,
  );
}
