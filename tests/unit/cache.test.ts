// The catalogue cache: one upstream call per key at a time, fresh values served from memory,
// errors never cached, shorter freshness when asked, and a purge that also beats in-flight refreshes.
import { describe, expect, it, vi } from 'vitest';
import {
  cacheKey,
  cachedCatalogueRead,
  catalogueCacheSize,
  FRESH_MS,
  purgeCatalogueCache,
  STALE_IF_ERROR_MS,
  STALE_MS,
} from '~/lib/wordpress/catalogue-cache.server';

describe('cachedCatalogueRead', () => {
  it('is fresh 5 minutes and kept stale 5 more (spec: fresh 5, kept 10)', () => {
    expect(FRESH_MS).toBe(300_000);
    expect(FRESH_MS + STALE_MS).toBe(600_000);
  });

  it('calls upstream once for concurrent readers of one key', async () => {
    await purgeCatalogueCache();
    let release!: (v: string) => void;
    const load = vi.fn(() => new Promise<string>((r) => (release = r)));
    const readers = Array.from({ length: 10 }, () => cachedCatalogueRead('k1', load));
    await new Promise((r) => setTimeout(r, 10));
    release('value');
    expect(await Promise.all(readers)).toEqual(Array(10).fill('value'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cachedCatalogueRead('k1', load)).toBe('value');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not cache errors', async () => {
    await purgeCatalogueCache();
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('up');
    await expect(cachedCatalogueRead('k2', load)).rejects.toThrow('down');
    expect(await cachedCatalogueRead('k2', load)).toBe('up');
  });

  it('honours a shorter freshness for a value', async () => {
    await purgeCatalogueCache();
    vi.useFakeTimers();
    try {
      const load = vi.fn().mockResolvedValue(null);
      await cachedCatalogueRead('k3', load, { freshFor: () => 1000 });
      vi.advanceTimersByTime(1500);
      await cachedCatalogueRead('k3', load, { freshFor: () => 1000 });
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('purges everything, including a refresh that was in flight', async () => {
    await purgeCatalogueCache();
    await cachedCatalogueRead('k4', async () => 'old');
    expect(catalogueCacheSize()).toBeGreaterThan(0);
    let release!: (v: string) => void;
    const slow = cachedCatalogueRead('k5', () => new Promise<string>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 5));
    await purgeCatalogueCache();
    release('stale-after-purge');
    await slow;
    expect(await cachedCatalogueRead('k4', async () => 'new')).toBe('new');
    expect(await cachedCatalogueRead('k5', async () => 'fresh')).toBe('fresh');
  });
});

describe('cacheKey', () => {
  it('ignores property order and undefined values', () => {
    expect(cacheKey('cars', { b: 1, a: 'x', c: undefined })).toBe(cacheKey('cars', { a: 'x', b: 1 }));
    expect(cacheKey('cars', { a: 1 })).not.toBe(cacheKey('cars', { a: 2 }));
  });

  it('serves the last good copy, for up to a day, when a load fails because WordPress is down', async () => {
    expect(STALE_IF_ERROR_MS).toBe(24 * 60 * 60_000);
    const outage = (e: unknown) => e instanceof Error && e.message === 'down';
    await purgeCatalogueCache();
    expect(await cachedCatalogueRead('k-sie', async () => 'old price', { staleIfError: outage })).toBe('old price');
    // A purge empties the cache (the content changed), but an old copy still beats an error page.
    await purgeCatalogueCache();
    expect(await cachedCatalogueRead('k-sie', () => Promise.reject(new Error('down')), { staleIfError: outage })).toBe('old price');
    // A refusal is an answer, not an outage: it is not papered over.
    await expect(cachedCatalogueRead('k-sie', () => Promise.reject(new Error('400 bad query')), { staleIfError: outage })).rejects.toThrow(
      '400',
    );
    // Nothing was ever loaded for this key: the failure stands.
    await expect(cachedCatalogueRead('k-never', () => Promise.reject(new Error('down')), { staleIfError: outage })).rejects.toThrow('down');
    // WordPress is back: the new value replaces the old copy.
    expect(await cachedCatalogueRead('k-sie', async () => 'new price', { staleIfError: outage })).toBe('new price');
  });
});
