// Requests per second of the site's server-rendered pages against WordPress answering the same
// GraphQL the pages ask for, in one run on this machine, plus the page-cache hit and the rendered car
// page under 200 connections. Prints figures (and rows for the README's benchmark table); it is not a
// test. Targets: rendered explore (SUVs) and car page at least 2× WordPress's GraphQL of the same data
// with every core busy; the rendered car page's p99 under 200 connections below 1 s.
//
//   node bench/ssr-throughput.mjs [seconds-per-target=10] [connections=8] [car-id]
//
// "Rendered" is what every signed-in visitor gets: a request with a `__session` cookie, which the page
// cache never answers (server/page-cache.mjs bypasses on the cookie's presence; an invalid session is
// an anonymous visitor to the app, so the page renders in full, just not from the cache). Requests ask
// for `gzip, deflate, br` as browsers do and bodies are counted, not decoded.
//
// Needs a running stack (`npm start`); SITE_URL / WORDPRESS_URL point elsewhere.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pct, SITE, WP } from './lib/cars-query.mjs';

const SECONDS = Number(process.argv[2] || 10);
const CONNECTIONS = Number(process.argv[3] || 8);
const HEAVY = 200;
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };
const SIGNED_IN = { ...BROWSER, Accept: 'text/html', Cookie: '__session=bench-not-a-session' };

// The site's own GraphQL documents, so WordPress answers exactly what the pages ask for (the file is
// plain JavaScript apart from its name).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const copy = path.join(os.tmpdir(), `ssr-bench-queries-${process.pid}.mjs`);
fs.copyFileSync(path.join(root, 'app/lib/wordpress/queries.server.ts'), copy);
const Q = await import(pathToFileURL(copy).href);
fs.rmSync(copy, { force: true });

const graphqlPath = (query, variables) => `/graphql?${new URLSearchParams({ query, variables: JSON.stringify(variables) })}`;
// The explore page's search for ?bodyType=SUV (searchVariables in the WordPress client).
const SUV_VARS = { filter: { bodyType: 'SUV' }, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 12 };

/** One GET with a keep-alive agent; resolves to status, headers and the byte count. */
function get(base, pathname, headers, agent) {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers, agent }, (res) => {
      let bytes = 0;
      const chunks = [];
      res.on('data', (c) => {
        bytes += c.length;
        if (chunks.length < 4) chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes, head: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * `connections` clients in a closed loop for `SECONDS`; `ok` decides what counts as an answer.
 * `settleMs`: the clients run that long first, unmeasured, so the figures are the steady state
 * rather than every connection opening and asking at the same instant (200 first requests at once
 * queue behind each other however fast the site is).
 */
async function load(base, pathname, headers, { connections = CONNECTIONS, ok = (r) => r.status === 200, settleMs = 0 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const measuredFrom = performance.now() + settleMs;
  const deadline = measuredFrom + SECONDS * 1000;
  const latencies = [];
  // The guard's answers apart: pages served (rendered, or a last good copy) and quick refusals.
  const servedMs = [];
  const refusedMs = [];
  let done = 0;
  let failed = 0;
  let stale = 0;
  let missed = 0;
  let bytes = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      try {
        const res = await get(base, pathname, headers, agent);
        if (t < measuredFrom) continue;
        const ms = performance.now() - t;
        latencies.push(ms);
        if (ok(res)) {
          done += 1;
          bytes = res.bytes;
          servedMs.push(ms);
        } else if (res.status === 200 && res.headers['x-page-cache'] === 'STALE') {
          stale += 1;
          servedMs.push(ms);
        } else if (res.status === 503 && res.headers['retry-after']) refusedMs.push(ms);
        // The kept copy's max-age ran out and the page was rendered again: a cache at work, not a failure.
        else if (res.status === 200 && res.headers['x-page-cache'] === 'MISS') missed += 1;
        else failed += 1;
      } catch {
        if (t >= measuredFrom) failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const secs = (performance.now() - measuredFrom) / 1000;
  agent.destroy();
  for (const list of [latencies, servedMs, refusedMs]) list.sort((a, b) => a - b);
  return {
    rps: done / secs,
    failed,
    missed,
    bytes,
    p50: pct(latencies, 50) ?? NaN,
    p99: pct(latencies, 99) ?? NaN,
    served: { count: servedMs.length, perSecond: servedMs.length / secs, stale, p99: pct(servedMs, 99) ?? NaN },
    refused: { count: refusedMs.length, p99: pct(refusedMs, 99) ?? NaN },
  };
}

const rendered = (res) => res.status === 200 && res.headers['x-page-cache'] === undefined;
const hit = (res) => res.status === 200 && res.headers['x-page-cache'] === 'HIT';
const graphqlOk = (res) => res.status === 200 && !res.head.includes('"errors"');

// The car: the id given, else the newest SUV.
let carId = Number(process.argv[4]);
if (!carId) {
  const res = await fetch(`${WP}${graphqlPath(Q.SEARCH_CARS, SUV_VARS)}`);
  carId = (await res.json()).data.cars.nodes[0]?.databaseId;
  if (!carId) throw new Error('No SUV in the catalogue: seed it (npm start) or name a car id.');
}

const targets = {
  explore: { base: SITE, path: '/explore-cars?bodyType=SUV', headers: SIGNED_IN, ok: rendered },
  car: { base: SITE, path: `/car/${carId}`, headers: SIGNED_IN, ok: rendered },
  hit: { base: SITE, path: '/explore-cars?bodyType=SUV', headers: { ...BROWSER, Accept: 'text/html' }, ok: hit },
  wpSearch: { base: WP, path: graphqlPath(Q.SEARCH_CARS, SUV_VARS), headers: { ...BROWSER, Accept: 'application/json' }, ok: graphqlOk },
  wpCar: {
    base: WP,
    path: graphqlPath(Q.CAR_PAGE, { id: String(carId) }),
    headers: { ...BROWSER, Accept: 'application/json' },
    ok: graphqlOk,
  },
};

// Warm: the catalogue cache, the page cache (one anonymous visit of each page, as any public site
// has: the car page's is the last good copy the guard may answer a signed-out visitor with), every
// site worker, PHP's opcache.
const warm = new http.Agent({ keepAlive: false });
for (let i = 0; i < 20; i += 1) {
  for (const t of Object.values(targets)) await get(t.base, t.path, t.headers, warm);
  await get(SITE, targets.car.path, { ...BROWSER, Accept: 'text/html' }, warm);
}
for (const t of Object.values(targets)) {
  const res = await get(t.base, t.path, t.headers, warm);
  if (!t.ok(res))
    throw new Error(`${t.base}${t.path.slice(0, 60)}: ${res.status} ${res.headers['x-page-cache'] ?? ''} — not the answer measured`);
}

console.log(
  `Site ${SITE}, WordPress ${WP}, car ${carId}; ${CONNECTIONS} connections, ${SECONDS} s per target; Accept-Encoding: gzip, deflate, br.\n`,
);
const results = {};
for (const [name, t] of Object.entries(targets)) {
  results[name] = await load(t.base, t.path, t.headers, { ok: t.ok });
  const r = results[name];
  console.log(
    `${name.padEnd(9)} ${r.rps.toFixed(0).padStart(6)} req/s  p50=${r.p50.toFixed(1)}ms  p99=${r.p99.toFixed(1)}ms  ${r.bytes} B/response  failed=${r.failed}${r.missed ? `  missed (rendered again)=${r.missed}` : ''}`,
  );
}
const heavy = await load(SITE, targets.car.path, SIGNED_IN, { connections: HEAVY, ok: rendered, settleMs: 5_000 });
console.log(
  `car@${HEAVY}   (after 5 s with every connection open) ${heavy.rps.toFixed(0).padStart(6)} rendered/s  p50=${heavy.p50.toFixed(0)}ms  p99=${heavy.p99.toFixed(0)}ms  failed=${heavy.failed}`,
);
console.log(
  `         served ${heavy.served.count} (${heavy.served.perSecond.toFixed(0)}/s, ${heavy.served.stale} of them the last good copy) p99=${heavy.served.p99.toFixed(0)}ms; refused 503 ${heavy.refused.count} p99=${heavy.refused.p99.toFixed(0)}ms`,
);

const ratio = (a, b) => `${(a.rps / b.rps).toFixed(2)}×`;
const rps = (r) => r.rps.toLocaleString('en-US', { maximumFractionDigits: 0 });
const verdict = (pass) => (pass ? 'met' : 'NOT met');
console.log('\n| target | req/s | against | goal |');
console.log('| --- | --- | --- | --- |');
console.log(`| site \`/explore-cars?bodyType=SUV\`, page-cache HIT | ${rps(results.hit)} | | |`);
console.log(
  `| site \`/explore-cars?bodyType=SUV\`, rendered | ${rps(results.explore)} | ${ratio(results.explore, results.wpSearch)} WordPress | ≥ 2× (${verdict(results.explore.rps >= 2 * results.wpSearch.rps)}) |`,
);
console.log(`| WordPress GraphQL, the same SUV search | ${rps(results.wpSearch)} | | |`);
console.log(
  `| site \`/car/${carId}\`, rendered | ${rps(results.car)} | ${ratio(results.car, results.wpCar)} WordPress | ≥ 2× (${verdict(results.car.rps >= 2 * results.wpCar.rps)}) |`,
);
console.log(`| WordPress GraphQL, the car page's query | ${rps(results.wpCar)} | | |`);
console.log(
  `| site \`/car/${carId}\`, rendered, ${HEAVY} connections | p50 ${heavy.p50.toFixed(0)} ms, p99 ${heavy.p99.toFixed(0)} ms | | p99 < 1 s (${verdict(heavy.p99 < 1000)}) |`,
);
console.log(
  `| the same, served / refused | ${heavy.served.perSecond.toFixed(0)} pages/s (p99 ${heavy.served.p99.toFixed(0)} ms) / ${heavy.refused.count} × 503 (p99 ${heavy.refused.p99.toFixed(0)} ms) | | every answer ≤ 2 s at p99 (${verdict(heavy.p99 <= 2000)}) |`,
);
console.log(`\nSite processes: WEB_CONCURRENCY as the site was started (this machine has ${os.availableParallelism()} cores).`);
