// Requests per second: the site's server-rendered /explore-cars (warm catalogue cache) against
// WordPress answering the same search as a GraphQL `cars` query, on this machine in the same run.
// The budget: the site at least 2× the requests/second of WordPress's GraphQL for the same data, all cores used;
// p99 under 200 connections below 1 s. Prints figures; it is not a test.
//
//   node bench/ssr-throughput.mjs [seconds-per-target=10] [concurrency=8]
//
// Needs a running stack (`npm start`); SITE_URL / WORDPRESS_URL point elsewhere.
import { carsUrl, pct, SITE } from './lib/cars-query.mjs';

const SECONDS = Number(process.argv[2] || 10);
const CONCURRENCY = Number(process.argv[3] || 8);

// The same search both ways: SUVs, newest first, first page of 12.
const sitePage = `${SITE}/explore-cars?bodyType=SUV`;
const graphql = carsUrl({ filter: { bodyType: 'SUV' }, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 12 });

/** `CONCURRENCY` clients in a closed loop for `SECONDS`; every response must be a 200 with a body. */
async function load(url, check) {
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const latencies = [];
  const client = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      const res = await fetch(url, { headers: { Accept: 'text/html,application/json' } });
      const body = await res.text();
      latencies.push(performance.now() - t);
      if (res.ok && check(body)) done += 1;
      else failed += 1;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const secs = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: done / secs, failed, p50: pct(latencies, 50).toFixed(1), p95: pct(latencies, 95).toFixed(1) };
}

const siteOk = (html) => html.includes('data-testid="car-results"');
const gqlOk = (json) => json.includes('"nodes"') && !json.includes('"errors"');

// Warm: the first SSR request fills the catalogue cache, the first GraphQL ones warm opcache.
for (let i = 0; i < 5; i += 1) {
  await fetch(sitePage).then((r) => r.text());
  await fetch(graphql).then((r) => r.text());
}

console.log(`Same search (SUVs, newest, 12 per page), ${CONCURRENCY} concurrent clients, ${SECONDS} s each.\n`);
const wp = await load(graphql, gqlOk);
console.log(`WordPress GraphQL cars   ${wp.rps.toFixed(0).padStart(6)} req/s  p50=${wp.p50}ms  p95=${wp.p95}ms  failed=${wp.failed}`);
const site = await load(sitePage, siteOk);
console.log(
  `Site SSR /explore-cars   ${site.rps.toFixed(0).padStart(6)} req/s  p50=${site.p50}ms  p95=${site.p95}ms  failed=${site.failed}`,
);
console.log(`\nSite / WordPress: ${(site.rps / wp.rps).toFixed(1)}× (budget: at least 2×)`);
