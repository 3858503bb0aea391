// Several site instances on one Redis (REDIS_URL): a page rendered by one is served by the others,
// a car saved in WordPress reaches every instance through the one purge call the plugin sends to one
// of them, and a Redis that stops or stalls never stops the site answering.
// Runs two (and for the outage, a third) instances of the test build beside the main test site:
// npm test passes TEST_BUILD_DIR and the private Redis it started as TEST_REDIS_URL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../scripts/lib/site.mjs';
import { freePort, WP_LOAD } from './support/local';
import { createCar, deleteCar, unique } from './support/wordpress';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILD_DIR = process.env.TEST_BUILD_DIR || path.join(ROOT, '.local', 'test-build');
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';

const children: ChildProcess[] = [];
const created: number[] = [];

async function instance(redisUrl: string): Promise<string> {
  const port = await freePort();
  children.push(await startSite({ port, buildDir: BUILD_DIR, extraEnv: { REDIS_URL: redisUrl, TRUST_PROXY: '1' } }));
  return `http://127.0.0.1:${port}`;
}

/**
 * An anonymous GET with the Host a load balancer would pass on to every instance (the page cache
 * keys on the whole URL, host included). node:http, because fetch may not set Host. A hang fails
 * the test rather than stalling it.
 */
function get(url: string, accept = 'text/html'): Promise<{ status: number; cache: string | null; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { Host: 'www.car-export.test', Accept: accept }, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          cache: (res.headers['x-page-cache'] as string | undefined) ?? null,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in 10 s`)));
    req.on('error', reject);
  });
}

const visit = (url: string) => get(url);

async function carTitle(site: string, id: number): Promise<string> {
  const res = await get(`${site}/api/cars/${id}`, 'application/json');
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as { title: string }).title;
}

/**
 * Renames a car the way staff tooling inside WordPress would (wp_update_post, so every save hook
 * runs), with the plugin's purge call sent to `purgeUrl`: the wp-config of the local stack takes
 * CAR_EXPORT_PURGE_URL from the environment of the PHP process when it is set.
 */
function renameCarInWordPress(id: number, title: string, purgeUrl: string): void {
  const code = `require ${JSON.stringify(WP_LOAD)};
    $id = wp_update_post( array( 'ID' => (int) $argv[1], 'post_title' => $argv[2] ), true );
    echo is_wp_error( $id ) ? $id->get_error_message() : 'saved';`;
  const out = execFileSync('php', ['-r', code, '--', String(id), title], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, CAR_EXPORT_PURGE_URL: purgeUrl },
  });
  expect(out).toBe('saved');
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 200)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(() => {
  if (!REDIS_URL)
    throw new Error(
      'TEST_REDIS_URL is not set: run through `npm test`, or point it at a Redis (npm start -- --redis starts one on REDIS_PORT).',
    );
  if (!fs.existsSync(path.join(BUILD_DIR, 'build', 'index.js'))) {
    throw new Error(`No site build in ${BUILD_DIR}: run through \`npm test\`, or build it with BUILD_DIR=${BUILD_DIR} npx remix build.`);
  }
});

afterAll(async () => {
  for (const child of children) {
    try {
      process.kill(child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  for (const id of created) await deleteCar(id);
});

describe('two site instances on one Redis', () => {
  let a = '';
  let b = '';
  beforeAll(async () => {
    [a, b] = await Promise.all([instance(REDIS_URL), instance(REDIS_URL)]);
  }, 120_000);

  it('a page one instance rendered is served by the other from the shared cache', async () => {
    const path = `/explore-cars?brand=QaShared${Date.now().toString(36)}`;
    const first = await visit(`${a}${path}`);
    const second = await visit(`${b}${path}`);
    expect(first.status).toBe(200);
    expect(first.cache).toBe('MISS');
    expect(second.cache).toBe('HIT');
    // The same page, each response with a CSP nonce of its own.
    const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonces(second.text)).toBe(withoutNonces(first.text));
    expect(second.text.match(/nonce="([^"]+)"/)?.[1]).not.toBe(first.text.match(/nonce="([^"]+)"/)?.[1]);
  });

  it('a car saved in WordPress shows on both at once: one purge call, every instance', async () => {
    const brand = `QaFanout${Date.now().toString(36)}`;
    const before = unique('QA Before purge');
    const id = await createCar({ title: before, _car_brand: brand, _car_price: 34567 });
    created.push(id);
    const page = `/explore-cars?brand=${brand}`;

    // Both instances hold the car's old title: the page (second visit a HIT) and the catalogue read.
    for (const site of [a, b]) {
      await until(
        `${site} shows the new car`,
        () => visit(`${site}${page}`),
        (v) => v.text.includes(before),
      );
      const kept = await visit(`${site}${page}`);
      expect(kept.cache).toBe('HIT');
      expect(kept.text).toContain(before);
      expect(await carTitle(site, id)).toBe(before);
    }

    const after = unique('QA After purge');
    renameCarInWordPress(id, after, `${a}/api/purge`);
    // The plugin sends its purge without waiting for the answer, so instance A is given a moment.
    await until(
      'instance A serves the renamed car',
      () => carTitle(a, id),
      (t) => t === after,
    );

    // Instance B was never called: it must already serve the change, catalogue and page alike.
    expect(await carTitle(b, id)).toBe(after);
    const pageOnB = await visit(`${b}${page}`);
    expect(pageOnB.cache).toBe('MISS');
    expect(pageOnB.text).toContain(after);
    expect(pageOnB.text).not.toContain(before);
    const pageOnA = await visit(`${a}${page}`);
    expect(pageOnA.text).toContain(after);
  });
});

describe('a site instance whose Redis stalls or stops', () => {
  let redis: ChildProcess | undefined;
  let redisPort = 0;
  let site = '';
  let dir = '';

  // A Redis of this test's own, so stopping it disturbs nothing else.
  async function startRedisServer(): Promise<void> {
    redis = spawn(
      // The runtime's Valkey (runtime/packages), first on PATH: the Redis protocol server the site's
      // shared cache runs on in every deployment.
      'valkey-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    children.push(redis);
    const client = new Redis(redisPort, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null });
    client.on('error', () => {
      /* not up yet: tried again */
    });
    await until(
      'valkey-server answers',
      () =>
        client.connect().then(
          () => true,
          () => false,
        ),
      Boolean,
    );
    client.disconnect();
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-export-redis-'));
    redisPort = await freePort();
    await startRedisServer();
    site = await instance(`redis://127.0.0.1:${redisPort}`);
  }, 120_000);

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps answering pages while Redis stalls, and while it is stopped, then uses it again', async () => {
    const kept = `/explore-cars?brand=QaOutage${Date.now().toString(36)}`;
    expect((await visit(`${site}${kept}`)).cache).toBe('MISS');
    expect((await visit(`${site}${kept}`)).cache).toBe('HIT');

    const client = new Redis(redisPort, '127.0.0.1');
    // Stalled: every command waits 3 s; the site's commands time out and it renders from WordPress.
    await client.call('CLIENT', 'PAUSE', '3000', 'ALL');
    const stalled = await visit(`${site}/explore-cars?brand=QaStall${Date.now().toString(36)}`);
    expect(stalled.status).toBe(200);
    expect(stalled.text).toContain('No Cars Found');
    client.disconnect();
    await new Promise((r) => setTimeout(r, 3_000));

    // Stopped.
    redis!.kill('SIGKILL');
    await new Promise((r) => redis!.once('exit', r));
    for (const path of [kept, '/', `/explore-cars?brand=QaDown${Date.now().toString(36)}`]) {
      const res = await visit(`${site}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('</html>');
    }
    expect((await get(`${site}/api/search/cars`, 'application/json')).status).toBe(200);

    // Back: the instance reconnects by itself and keeps pages in Redis again.
    await startRedisServer();
    const back = `/explore-cars?brand=QaBack${Date.now().toString(36)}`;
    const probe = new Redis(redisPort, '127.0.0.1');
    try {
      await until(
        'pages kept in Redis again',
        async () => {
          await visit(`${site}${back}`);
          return (await probe.keys('car-export:page:*')).length;
        },
        (n) => n > 0,
      );
    } finally {
      probe.disconnect();
    }
    // A command that times out on a loaded machine sends the instance to its in-process copy for a
    // few seconds; the kept page is a hit again once it reads Redis.
    await until(
      'the page kept in Redis served as a hit',
      () => visit(`${site}${back}`),
      (v) => v.cache === 'HIT',
    );
  }, 60_000);
});
