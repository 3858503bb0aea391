// The one cache rule of every page: anonymous pages public, signed-in pages personal, and a page
// that changes a cookie, answers a post with no policy of its own, or fails is never kept.
import { describe, expect, it } from 'vitest';
import { CACHE_POLICY, cacheHeaders, pageHeaders, pagePolicy } from '~/lib/http/cache-headers.server';

const run = (args: { loader?: HeadersInit; action?: HeadersInit; error?: HeadersInit; parent?: HeadersInit }) =>
  new Headers(
    pageHeaders({
      loaderHeaders: new Headers(args.loader),
      actionHeaders: new Headers(args.action),
      errorHeaders: args.error ? new Headers(args.error) : undefined,
      parentHeaders: new Headers(args.parent),
    }),
  );

describe('page cache policy', () => {
  it('is public for an anonymous visitor and personal for one with a session cookie', () => {
    expect(pagePolicy(new Request('http://site.test/'))).toBe('public');
    expect(pagePolicy(new Request('http://site.test/', { headers: { Cookie: '__session=abc' } }))).toBe('personal');
    expect(cacheHeaders('personal')).toEqual({ 'Cache-Control': 'private, no-cache' });
  });

  it('lets a shared cache (CDN) keep public pages, and keeps personal and uncacheable answers out of it', () => {
    expect(CACHE_POLICY.public).toBe('public, max-age=60, s-maxage=120, stale-while-revalidate=300');
    expect(CACHE_POLICY.personal).toBe('private, no-cache');
    expect(CACHE_POLICY.none).toBe('private, no-store');
    expect(CACHE_POLICY.personal).not.toMatch(/s-maxage/);
    expect(CACHE_POLICY.none).not.toMatch(/s-maxage/);
  });

  it("keeps the loader's policy and always varies on the cookie", () => {
    const h = run({ loader: cacheHeaders('public') });
    expect(h.get('Cache-Control')).toBe(CACHE_POLICY.public);
    expect(h.get('Vary')).toBe('Cookie');
  });

  it('never lets a response that sets a cookie be kept, wherever the cookie comes from', () => {
    expect(run({ loader: cacheHeaders('public'), parent: { 'Set-Cookie': 'a=b' } }).get('Cache-Control')).toBe('private, no-store');
    expect(run({ loader: { ...cacheHeaders('public'), 'Set-Cookie': 'a=b' } }).get('Cache-Control')).toBe('private, no-store');
  });

  it("prefers the action's, then the error's policy, and passes a failure's Retry-After on", () => {
    expect(run({ loader: cacheHeaders('public'), action: cacheHeaders('none') }).get('Cache-Control')).toBe('private, no-store');
    const failed = run({ error: cacheHeaders('none', { 'Retry-After': '30' }) });
    expect(failed.get('Cache-Control')).toBe('private, no-store');
    expect(failed.get('Retry-After')).toBe('30');
  });

  it('keeps a page whose loader chose nothing out of every cache', () => {
    expect(run({}).get('Cache-Control')).toBe('private, no-store');
  });
});
