// The running site's page cache for anonymous visitors (server/page-cache.mjs behind server.mjs):
// a second visitor gets the kept page, signed-in visitors never do, and WordPress's purge call makes
// a staff change visible at once.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { purgeSiteCache, SITE } from './support/site';
import { createCar, deleteCar, unique } from './support/wordpress';

const created: number[] = [];
afterAll(async () => {
  for (const id of created) await deleteCar(id);
});

async function visit(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${SITE}${path}`, { headers: { Accept: 'text/html', ...headers }, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/**
 * Visits until the answer comes from the cache (`next(i)` names the i-th address). Each of the
 * site's worker processes keeps its own copy, so a visit may first reach one that has none.
 */
async function visitUntilKept(next: (i: number) => string, headers: Record<string, string> = {}) {
  let page = await visit(next(0), headers);
  for (let i = 1; i < 8 && page.headers.get('x-page-cache') !== 'HIT'; i++) page = await visit(next(i), headers);
  return page;
}

/** A query no other test asks for, so this test's first visit is the first render. */
const uniqueBrand = (label: string) => `Qa${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('page cache (anonymous visitors)', () => {
  it('renders a catalogue page once; the next visitor gets the same page from the cache', async () => {
    const path = `/explore-cars?brand=${uniqueBrand('Cache')}`;
    const first = await visit(path);
    const second = await visitUntilKept(() => path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-page-cache')).toBe('MISS');
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    // The same page, apart from each response's own CSP nonce.
    const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1] ?? 'none';
    expect(second.text.replaceAll(nonceOf(second.headers.get('content-security-policy')), 'N')).toBe(
      first.text.replaceAll(nonceOf(first.headers.get('content-security-policy')), 'N'),
    );
    expect(second.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=120, stale-while-revalidate=300');
    // Age: whole seconds the page has been kept (a moment here), present on every kept page.
    expect(second.headers.get('age')).toMatch(/^\d+$/);
    expect(Number(second.headers.get('age'))).toBeLessThan(10);
  });

  it('a visitor from an ad or a newsletter (utm_*, gclid, fbclid) gets the kept page', async () => {
    const path = `/explore-cars?brand=${uniqueBrand('Utm')}`;
    expect((await visit(path)).headers.get('x-page-cache')).toBe('MISS');
    // Every click carries click ids of its own: only a key without them can find a kept page.
    const fromAd = await visitUntilKept((i) => `${path}&utm_source=google&utm_campaign=spring${i}&gclid=Cj0KCQiA${i}`);
    expect(fromAd.status).toBe(200);
    expect(fromAd.headers.get('x-page-cache')).toBe('HIT');
    expect((await visitUntilKept((i) => `${path}&fbclid=IwAR0x${i}`)).headers.get('x-page-cache')).toBe('HIT');
    // A parameter of the page itself is another page.
    expect((await visit(`${path}&page=2`)).headers.get('x-page-cache')).not.toBe('HIT');
  });

  it('rendered and kept pages come compressed as the browser accepts, decoding to the same page', async () => {
    const path = `/explore-cars?brand=${uniqueBrand('Enc')}`;
    // node:http, not fetch: fetch would decode the body itself.
    const raw = (headers: Record<string, string>) =>
      new Promise<{ headers: Headers; bytes: Buffer }>((resolve, reject) => {
        http
          .get(`${SITE}${path}`, { headers: { Accept: 'text/html', ...headers } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const out = new Headers();
              for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') out.set(name, value);
              resolve({ headers: out, bytes: Buffer.concat(chunks) });
            });
          })
          .on('error', reject);
      });
    // Rendered for a signed-in visitor (never kept), then kept for anonymous ones.
    for (const extra of [{ Cookie: '__session=not-a-real-session' }, {}] as Record<string, string>[]) {
      const pages: string[] = [];
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
        ['identity', (b: Buffer) => b],
      ] as const) {
        const res = await raw({ 'Accept-Encoding': encoding, ...extra });
        expect(res.headers.get('content-encoding') ?? 'identity').toBe(encoding);
        expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
        expect(Number(res.headers.get('content-length'))).toBe(res.bytes.length);
        pages.push(
          decode(res.bytes)
            .toString('utf8')
            .replace(/nonce="[^"]+"/g, 'nonce=""'),
        );
      }
      expect(pages[0]).toContain('No Cars Found');
      expect(pages[1]).toBe(pages[0]);
      expect(pages[2]).toBe(pages[0]);
    }
  });

  it('signed-in visitors (a session cookie) always get their own render, never a kept page', async () => {
    const path = `/explore-cars?brand=${uniqueBrand('Session')}`;
    await visit(path);
    const withSession = await visit(path, { Cookie: '__session=not-a-real-session' });
    expect(withSession.status).toBe(200);
    expect(withSession.headers.get('x-page-cache')).toBeNull();
    expect(withSession.headers.get('cache-control')).not.toMatch(/public/);
  });

  it('the /api routes are never served from it', async () => {
    await visit('/api/featured-cars');
    const again = await visit('/api/featured-cars');
    expect(again.headers.get('x-page-cache')).toBeNull();
  });

  // The site's side of the purge (WordPress's own call is tested end to end in purge.test.ts).
  it('a purge call empties the kept pages: a new car shows on a page that was kept', async () => {
    const brand = uniqueBrand('Purge');
    const path = `/explore-cars?brand=${brand}`;
    expect((await visit(path)).text).toContain('No Cars Found');
    expect((await visitUntilKept(() => path)).headers.get('x-page-cache')).toBe('HIT');

    const title = unique('QA Page cache car');
    created.push(await createCar({ title, _car_brand: brand, _car_price: 23456 }));
    await purgeSiteCache();

    const after = await visit(path);
    expect(after.headers.get('x-page-cache')).toBe('MISS');
    expect(after.text).toContain(title);
    expect(after.text).toContain('$23,456');
  });
});
