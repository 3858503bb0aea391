// The server cache of PUBLIC catalogue reads (cars, filters, videos, settings, news): fresh for
// 5 minutes, then served stale for up to 5 more while one background call refreshes it (fresh 5
// minutes, kept 10). cachified runs at most one upstream call per key at a time, so a burst of
// visitors on a cold key costs WordPress one request. When WordPress cannot answer at all, the last
// good copy of a read is served for up to a day (stale-if-error): an old price beats an error page.
// Nothing per-user ever goes in here: favourites, tokens and messages are fetched on every request.
import { cachified } from '@epic-web/cachified';
import { LRUCache } from 'lru-cache';
import { catalogueStoreFromEnv } from '~/lib/wordpress/catalogue-cache-store.server';

export const FRESH_MS = 5 * 60_000;
export const STALE_MS = 5 * 60_000;
/** How long the last good copy of a read may stand in for WordPress while it is down. */
export const STALE_IF_ERROR_MS = 24 * 60 * 60_000;

/**
 * The last value each read loaded, by key without the purge generation: a purge says the content
 * changed, not that the old copy is worse than nothing, so it survives purges and is used only when
 * a load fails because WordPress is down. Kept in this process (a stand-in for a few minutes of an
 * outage needs no sharing).
 */
const lastGood = new LRUCache<string, { value: unknown }>({
  maxSize: 50_000_000,
  sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value ?? null).length),
  ttl: STALE_IF_ERROR_MS,
});

/**
 * In this process, or shared by every site instance when REDIS_URL is set. Keys carry the store's
 * purge generation, so a refresh that was already in flight when WordPress said "changed" lands
 * under the old generation and is never served again.
 */
const store = catalogueStoreFromEnv();

export type CatalogueReadOptions<T> = {
  /**
   * Freshness of one loaded value in ms, when it should differ from the default: shorter for
   * answers that may change soon, e.g. "no such car" (it may be published next).
   */
  freshFor?: (value: T) => number | undefined;
  /** Which load failures may be answered with the last good copy (WordPress down, not a refusal). */
  staleIfError?: (error: unknown) => boolean;
};

/**
 * Returns the cached value of `key`, or calls `load` (once, however many callers wait). Errors are
 * not cached; while a stale value exists, a failing refresh keeps serving it, and when the load
 * fails in a way `staleIfError` accepts, the last good copy (up to a day old) is served instead.
 */
export async function cachedCatalogueRead<T>(key: string, load: () => Promise<T>, options: CatalogueReadOptions<T> = {}): Promise<T> {
  try {
    return await cachified<T>({
      key: `g${store.generation()}:${key}`,
      cache: store.cache,
      ttl: FRESH_MS,
      staleWhileRevalidate: STALE_MS,
      async getFreshValue(context) {
        const value = await load();
        lastGood.set(key, { value });
        const ttl = options.freshFor?.(value);
        if (ttl !== undefined) {
          // A short-lived answer ("no such car") is not worth serving stale either.
          context.metadata.ttl = ttl;
          context.metadata.swr = 0;
        }
        return value;
      },
    });
  } catch (error) {
    const kept = options.staleIfError?.(error) ? lastGood.get(key) : undefined;
    if (kept) return kept.value as T;
    throw error;
  }
}

/**
 * Drops every cached catalogue read (WordPress calls /api/purge on content changes), on every
 * instance when the store is shared; `everyInstance` is false when only this one was reached.
 */
export function purgeCatalogueCache(): Promise<{ dropped: number; everyInstance: boolean }> {
  return store.purge();
}

/** A stable key for a parameter object: same values, same key, whatever the property order. */
export function cacheKey(name: string, params: Record<string, unknown> = {}): string {
  const sorted = Object.keys(params)
    .filter((k) => params[k] !== undefined)
    .sort()
    .map((k) => [k, params[k]]);
  return `${name}:${JSON.stringify(sorted)}`;
}

/** Tests only. */
export function catalogueCacheSize(): number {
  return store.localSize();
}
