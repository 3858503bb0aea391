// The catalogue at 100,000 cars beyond its searches (those are bench/search-scale.mjs): the sitemap
// index and its files (how many, URLs in each, every published car listed, time per file, cold), and
// what one staff edit does to WordPress's kept search answers (how many distinct searches stay warm).
// Prints figures; it is not a test. Needs the local stack of `npm start` (it writes synthetic cars to
// its database, as search-scale does, and removes them at the end, also when interrupted).
//
//   node bench/catalogue-scale.mjs [cars=100000] [searches=48: brand × body type pairs, at most 96]
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paths } from '../scripts/lib/config.mjs';
import { CARS_QUERY, FACETS_QUERY, pct, SITE, WP } from './lib/cars-query.mjs';
import { added, BODIES, BRANDS, cleanUp, grow, MARK, recount, seeded, sql } from './lib/synthetic-cars.mjs';

const SIZE = Number(process.argv[2] || 100000);
const SEARCHES = Math.min(96, Number(process.argv[3] || 48));
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

cleanUp(); // rows left by an earlier run that was killed
console.log(
  `Catalogue at scale: ${seeded()} seeded cars grown to ${SIZE.toLocaleString('en-US')}; ${os.cpus().length} cores, load ${load()}\n`,
);
try {
  const want = Math.max(0, SIZE - seeded());
  if (want > added()) grow(added() + 1, want);
  recount();
  if (!interrupted) await sitemap();
  if (!interrupted) await purgeEffect();
} finally {
  cleanUp();
  await purgeSite();
  console.log(`Removed the synthetic cars; ${seeded()} published cars remain.`);
}
