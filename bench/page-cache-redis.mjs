// Page-cache hits per second with the pages kept in this process against kept in Redis (what
// several instances behind a load balancer share), for plain and brotli responses; and what a
// brotli copy costs to make against fetching the stored one, the reason Redis keeps one copy per
// encoding rather than each instance compressing again. Prints figures; it is not a test.
//
//   node bench/page-cache-redis.mjs [seconds-per-run=8] [concurrency=8] [path=/explore-cars]
//
// Needs a running stack started with `npm start -- --redis` (or REDIS_URL); it starts two more
// instances of the site's build (build/) on free ports, one without Redis and one with it.
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import Redis from 'ioredis';
import { redisUrl } from '../scripts/lib/config.mjs';
import { startSite } from '../scripts/lib/site.mjs';
import { pct } from './lib/cars-query.mjs';

const SECONDS = Number(process.argv[2] || 8);
const CONCURRENCY = Number(process.argv[3] || 8);
const PATH = process.argv[4] || '/explore-cars';
const REDIS = process.env.REDIS_URL || redisUrl();

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function get(port, encoding) {
  return new Promise((resolve, reject) => {
    const headers = { Accept: 'text/html', Host: 'www.car-export.test', ...(encoding ? { 'Accept-Encoding': encoding } : {}) };
    http
      .get({ host: '127.0.0.1', port, path: PATH, headers, agent }, (res) => {
        let bytes = 0;
        res.on('data', (c) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode, cache: res.headers['x-page-cache'], bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** `CONCURRENCY` clients in a closed loop for `SECONDS`; only page-cache hits count. */
async function run(port, encoding) {
  const deadline = performance.now() + SECONDS * 1000;
  const latencies = [];
  let hits = 0;
  let other = 0;
  let bytes = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      const res = await get(port, encoding);
      latencies.push(performance.now() - t);
      if (res.status === 200 && res.cache === 'HIT') {
        hits += 1;
        bytes = res.bytes;
      } else other += 1;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const secs = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: hits / secs, other, bytes, p50: pct(latencies, 50), p99: pct(latencies, 99) };
}

const children = [];
const stop = () => {
  for (const c of children) {
    try {
      process.kill(c.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

try {
  const probe = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  await probe.connect().catch(() => {
    throw new Error(`no Redis at ${REDIS}: start the stack with \`npm start -- --redis\` or set REDIS_URL`);
  });

  const [memPort, redisPort] = [await freePort(), await freePort()];
  children.push(await startSite({ port: memPort, extraEnv: { REDIS_URL: '' } }));
  children.push(await startSite({ port: redisPort, extraEnv: { REDIS_URL: REDIS } }));
  for (const port of [memPort, redisPort]) {
    for (const enc of [null, 'br']) for (let i = 0; i < 3; i += 1) await get(port, enc);
  }

  console.log(`Page-cache hits of ${PATH}, ${CONCURRENCY} concurrent keep-alive clients, ${SECONDS} s per run.\n`);
  for (const [label, enc] of [
    ['plain', null],
    ['brotli', 'br'],
  ]) {
    for (const [where, port] of [
      ['in-process', memPort],
      ['Redis', redisPort],
    ]) {
      const r = await run(port, enc);
      console.log(
        `${`${where}, ${label}`.padEnd(20)} ${r.rps.toFixed(0).padStart(6)} hits/s  p50=${r.p50.toFixed(2)}ms  p99=${r.p99.toFixed(2)}ms  ${r.bytes} bytes  not-hit=${r.other}`,
      );
    }
  }

  // Making a brotli copy against reading the stored one, for this page.
  // The largest kept page stands for the one measured above (the others are small loader answers).
  const keys = await probe.keys('car-export:page:*:identity:*');
  const sized = await Promise.all(keys.map(async (key) => ({ key, size: await probe.strlen(key) })));
  const largest = sized.sort((x, y) => y.size - x.size)[0]?.key;
  const plainCopy = largest ? await probe.getBuffer(largest) : null;
  if (plainCopy) {
    const n = 20;
    let t = performance.now();
    for (let i = 0; i < n; i += 1) zlib.brotliCompressSync(plainCopy, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } });
    const compressMs = (performance.now() - t) / n;
    const brKey = largest.replace(':identity:', ':br:');
    t = performance.now();
    for (let i = 0; i < n; i += 1) await probe.getBuffer(brKey);
    const fetchMs = (performance.now() - t) / n;
    console.log(
      `\nOne page (${plainCopy.length} bytes stored): brotli q6 ${compressMs.toFixed(2)} ms against a GET of the kept copy ${fetchMs.toFixed(2)} ms`,
    );
  }
  probe.disconnect();
} finally {
  stop();
  agent.destroy();
}
