// Where the catalogue cache (cache.server.ts) keeps its entries, behind cachified's `Cache`
// interface: an in-process LRU, or with REDIS_URL one Redis shared by every site instance
// (server/shared-cache.mjs says how a purge reaches them all). The in-process LRU also stands in
// while Redis is unreachable, so an outage costs freshness across instances, never the site.
import { totalTtl, type Cache, type CacheEntry } from '@epic-web/cachified';
import { LRUCache } from 'lru-cache';
import { sharedCache, type SharedCache } from '../../../server/shared-cache.mjs';

/** Cached JSON is bounded by size, not entry count: a 100-car page weighs far more than a filter list. */
const MAX_CHARS = 50_000_000;
/** One value larger than this is not worth a round trip of its own; it is loaded from WordPress each time. */
export const MAX_SHARED_ENTRY_CHARS = 2_000_000;
/** A value without an end of life still leaves Redis after a day. */
const LONGEST_SHARED_TTL_MS = 24 * 60 * 60_000;

export type CatalogueStore = {
  cache: Cache;
  /** Part of every key: a purge moves it, so entries (and refreshes) from before are never read. */
  generation: () => number;
  /** Drops every entry, on every instance when shared. `everyInstance` is false when only this one was reached. */
  purge: () => Promise<{ dropped: number; everyInstance: boolean }>;
  /** Entries held in this process (tests). */
  localSize: () => number;
};

function memoryLru() {
  return new LRUCache<string, CacheEntry>({
    maxSize: MAX_CHARS,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value ?? null).length),
  });
}

function lruCache(lru: LRUCache<string, CacheEntry>): Cache {
  return {
    name: 'catalogue',
    get: (key) => lru.get(key),
    set: (key, entry) => {
      const ttl = totalTtl(entry?.metadata);
      lru.set(key, entry, { ttl: ttl === Infinity ? undefined : ttl, start: entry?.metadata?.createdTime });
    },
    delete: (key) => lru.delete(key),
  };
}

/** Today's single-instance store: nothing leaves the process. */
export function createMemoryStore(): CatalogueStore {
  const lru = memoryLru();
  let generation = 0;
  return {
    cache: lruCache(lru),
    generation: () => generation,
    async purge() {
      const dropped = lru.size;
      generation += 1;
      lru.clear();
      return { dropped, everyInstance: true };
    },
    localSize: () => lru.size,
  };
}

/** Entries in Redis under `car-export:catalogue:<key>`, each with the TTL cachified gives it. */
export function createRedisStore(shared: SharedCache): CatalogueStore {
  const lru = memoryLru();
  const local = lruCache(lru);
  shared.onReset(() => lru.clear());
  const redisKey = (key: string) => shared.key('catalogue', key);

  const cache: Cache = {
    name: 'catalogue',
    get: (key) =>
      shared.attempt(
        async (redis) => {
          const raw = await redis.get(redisKey(key));
          return raw === null ? undefined : (JSON.parse(raw) as CacheEntry);
        },
        () => local.get(key),
      ),
    set(key, entry) {
      const json = JSON.stringify(entry);
      const total = totalTtl(entry.metadata);
      const left = total === Infinity ? LONGEST_SHARED_TTL_MS : total - (Date.now() - entry.metadata.createdTime);
      if (json.length > MAX_SHARED_ENTRY_CHARS || left <= 0) return undefined;
      return shared.attempt(
        (redis) => redis.set(redisKey(key), json, 'PX', Math.ceil(left)),
        () => local.set(key, entry),
      );
    },
    delete(key) {
      lru.delete(key);
      return shared.attempt(
        (redis) => redis.del(redisKey(key)),
        () => 0,
      );
    },
  };

  return {
    cache,
    generation: shared.generation,
    async purge() {
      const dropped = lru.size;
      const everyInstance = await shared.purge();
      lru.clear();
      return { dropped, everyInstance };
    },
    localSize: () => lru.size,
  };
}

/** The store of this process: shared when REDIS_URL is set. */
export function catalogueStoreFromEnv(): CatalogueStore {
  const shared = sharedCache();
  return shared ? createRedisStore(shared) : createMemoryStore();
}
