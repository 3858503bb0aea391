// The shared stores on a real Redis (TEST_REDIS_URL, started by npm test), each "instance" being
// its own connection as a separate site process would have: the catalogue cache keeps its rules
// (one upstream call per key, purge beats a refresh in flight, bounded values), pages are compressed
// once for all instances, and an unreachable Redis degrades to the in-process copies, logged once.
import { cachified } from '@epic-web/cachified';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisStore, MAX_SHARED_ENTRY_CHARS, type CatalogueStore } from '~/lib/wordpress/catalogue-cache-store.server';
import { FRESH_MS, STALE_MS } from '~/lib/wordpress/catalogue-cache.server';
import { createPageCache } from '../../server/page-cache.mjs';
import { createRedisPageStore } from '../../server/page-store.mjs';
import { createSharedCache, type SharedCache } from '../../server/shared-cache.mjs';

const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const quiet = { info: () => {}, warn: () => {} };
const opened: SharedCache[] = [];

async function connect(url = REDIS_URL, log: Pick<Console, 'info' | 'warn'> = quiet, readyMs = 5_000): Promise<SharedCache> {
  const shared = createSharedCache({ url, log });
  opened.push(shared);
  await shared.whenReady(readyMs);
  return shared;
}

/** What cachedCatalogueRead does, on a given store. */
function read<T>(store: CatalogueStore, key: string, load: () => Promise<T>): Promise<T> {
  return cachified<T>({
    key: `g${store.generation()}:${key}`,
    cache: store.cache,
    ttl: FRESH_MS,
    staleWhileRevalidate: STALE_MS,
    getFreshValue: load,
  });
}

const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(() => {
  if (!REDIS_URL)
    throw new Error(
      'TEST_REDIS_URL is not set: run through `npm test`, or point it at a Redis (npm start -- --redis starts one on REDIS_PORT).',
    );
});

afterAll(async () => {
  for (const shared of opened) await shared.close();
});

describe('catalogue store on Redis', () => {
  let one: CatalogueStore;
  let two: CatalogueStore;
  beforeAll(async () => {
    one = createRedisStore(await connect());
    two = createRedisStore(await connect());
  });

  it('calls WordPress once for a burst on one key, and the other instance reads that value', async () => {
    const key = unique('burst');
    let release!: (v: string) => void;
    const load = vi.fn(() => new Promise<string>((r) => (release = r)));
    const readers = Array.from({ length: 10 }, () => read(one, key, load));
    await new Promise((r) => setTimeout(r, 50));
    release('value');
    expect(await Promise.all(readers)).toEqual(Array(10).fill('value'));
    const elsewhere = vi.fn(async () => 'other');
    expect(await read(two, key, elsewhere)).toBe('value');
    expect(load).toHaveBeenCalledTimes(1);
    expect(elsewhere).not.toHaveBeenCalled();
  });

  it('a purge on one instance beats a refresh in flight on another', async () => {
    const key = unique('inflight');
    let release!: (v: string) => void;
    const slow = read(two, key, () => new Promise<string>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 50));
    const purged = await one.purge();
    expect(purged.everyInstance).toBe(true);
    // The other instance hears of it through Redis.
    for (let i = 0; i < 50 && two.generation() !== one.generation(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(two.generation()).toBe(one.generation());
    release('from before the purge');
    await slow;
    expect(await read(two, key, async () => 'after')).toBe('after');
    expect(await read(one, key, async () => 'not called')).toBe('after');
  });

  it('does not keep a value larger than the bound in Redis', async () => {
    const key = unique('huge');
    const huge = 'x'.repeat(MAX_SHARED_ENTRY_CHARS + 1);
    await read(one, key, async () => huge);
    const again = vi.fn(async () => 'reloaded');
    expect(await read(two, key, again)).toBe('reloaded');
    expect(again).toHaveBeenCalledTimes(1);
  });
});

describe('page store on Redis', () => {
  it('a page kept by one instance is served by another without a render, with the brotli copy the first made', async () => {
    const [first, second] = [await connect(), await connect()];
    const pagesOne = createPageCache({ sessionCookie: '__session', store: createRedisPageStore(first) });
    const pagesTwo = createPageCache({ sessionCookie: '__session', store: createRedisPageStore(second) });
    const html = `<html>${'<li class="card">car</li>'.repeat(500)}</html>`;
    const url = `http://www.car-export.test/explore-cars?brand=${unique('Br')}`;
    let renders = 0;
    const render = async () => {
      renders += 1;
      return new Response(html, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public, max-age=60' } });
    };
    const br = { 'Accept-Encoding': 'br' };
    const miss = await pagesOne.respond(new Request(url, { headers: br }), render);
    expect(miss.headers.get('X-Page-Cache')).toBe('MISS');
    const missBytes = Buffer.from(await miss.arrayBuffer());
    // Wait for the brotli copy the first instance stores without holding up its visitor.
    const brKeys = () => first.redis.keys(first.key('page', `g${first.generation()}`, 'br', '*'));
    for (let i = 0; i < 50 && (await brKeys()).length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await brKeys()).toHaveLength(1);

    const hit = await pagesTwo.respond(new Request(url, { headers: br }), render);
    expect(hit.headers.get('X-Page-Cache')).toBe('HIT');
    expect(hit.headers.get('Content-Encoding')).toBe('br');
    const hitBytes = Buffer.from(await hit.arrayBuffer());
    expect(hitBytes.equals(missBytes)).toBe(true);
    expect(brotliDecompressSync(hitBytes).toString()).toBe(html);
    const plain = await pagesTwo.respond(new Request(url), render);
    expect(await plain.text()).toBe(html);
    expect(renders).toBe(1);
  });
});

describe('an unreachable Redis', () => {
  it('serves reads from this process, caches them there, and logs the outage once', async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    // Nothing listens on port 1.
    const shared = await connect('redis://127.0.0.1:1', log, 300);
    expect(shared.usable()).toBe(false);
    const store = createRedisStore(shared);
    const key = unique('down');
    const load = vi.fn(async () => 'from WordPress');
    expect(await read(store, key, load)).toBe('from WordPress');
    expect(await read(store, key, load)).toBe('from WordPress');
    expect(load).toHaveBeenCalledTimes(1);
    // A purge reaches this instance at once, and beats a refresh in flight here too.
    let release!: (v: string) => void;
    const inflightKey = unique('down-inflight');
    const slow = read(store, inflightKey, () => new Promise<string>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 20));
    expect((await store.purge()).everyInstance).toBe(false);
    release('from before the purge');
    await slow;
    expect(await read(store, inflightKey, async () => 'after')).toBe('after');
    expect(await read(store, key, async () => 'reloaded')).toBe('reloaded');
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(String(log.warn.mock.calls[0]?.[0])).toMatch(/Redis unreachable/);
  });
});
