// The site's HTTP edges as a browser or an attacker meets them: security headers and a CSP whose
// nonce is fresh on every response (kept pages included), 403 for cross-site form and API posts,
// one public origin whatever Host a client sends, 400 for malformed addresses, request values that
// name Object's prototype, request ids, /healthz and /readyz.
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE } from './support/site';
import { phpFpmPids } from './support/local';
import { gqlData } from './support/wordpress';

/** PUBLIC_URL of the site under test (npm test starts it with its own address). */
const PUBLIC = (process.env.PUBLIC_URL || SITE).replace(/\/+$/, '');

async function visit(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(`${SITE}${path}`, { redirect: 'manual', ...init, headers: { Accept: 'text/html', ...init.headers } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A published car's page. Post ids follow the seed's order, so the id is asked of WordPress, not assumed. */
let carPath = '';
beforeAll(async () => {
  const list = await gqlData<{ cars: { nodes: { databaseId: number }[] } }>('{ cars(perPage: 1) { nodes { databaseId } } }');
  const id = list.cars.nodes[0]?.databaseId;
  if (!id) throw new Error('the seeded catalogue lists no car');
  carPath = `/car/${id}`;
});

/** A query no other test asks for, so the first visit renders and the second is a kept page. */
const fresh = (label: string) => `/explore-cars?brand=Qa${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function cspNonce(csp: string | null): string {
  const match = /script-src [^;]*'nonce-([A-Za-z0-9_-]+)'/.exec(csp ?? '');
  if (!match) throw new Error(`no script nonce in CSP: ${csp}`);
  return match[1]!;
}

/** The nonce of every inline <script> (those without src) in the page. */
function inlineScriptNonces(html: string): (string | null)[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .filter((m) => !/\bsrc=/.test(m[1]!))
    .map((m) => /\bnonce="([^"]*)"/.exec(m[1]!)?.[1] ?? null);
}

describe('security headers', () => {
  it('a page carries the CSP, nosniff, referrer, framing and permissions policies', async () => {
    const { status, headers } = await visit('/about-us');
    expect(status).toBe(200);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{16,}'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    // WordPress serves the car photos, posters and QR code.
    const wordpress = new URL(process.env.WORDPRESS_URL || 'http://127.0.0.1:8080').origin;
    expect(csp).toMatch(new RegExp(`img-src [^;]*${wordpress.replace(/[.:/]/g, '\\$&')}`));
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toContain('camera=()');
    expect(headers.get('x-powered-by')).toBeNull();
    // Plain http here: HSTS would pin browsers to an https that does not exist.
    expect(headers.get('strict-transport-security')).toBeNull();
  });

  it('an /api response carries them too', async () => {
    const { status, headers } = await visit('/api/featured-cars', { headers: { Accept: 'application/json' } });
    expect(status).toBe(200);
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('HSTS only when a trusted proxy says the visit came over https', async () => {
    // The test site trusts one proxy hop (TRUST_PROXY=1), as behind a load balancer.
    const { headers } = await visit('/about-us', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('CSP nonce', () => {
  it('every inline script carries this response’s nonce, and the next response has another', async () => {
    const first = await visit(carPath);
    const second = await visit(carPath);
    const n1 = cspNonce(first.headers.get('content-security-policy'));
    const n2 = cspNonce(second.headers.get('content-security-policy'));
    expect(n1).not.toBe(n2);
    const scripts = inlineScriptNonces(first.text);
    // Remix's context and route scripts, scroll restoration, the car's JSON-LD.
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(scripts)).toEqual(new Set([n1]));
    expect(new Set(inlineScriptNonces(second.text))).toEqual(new Set([n2]));
  });

  it('a page served from the page cache gets a fresh nonce that matches its scripts', async () => {
    const path = fresh('Nonce');
    const miss = await visit(path);
    const hit = await visit(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(miss.headers.get('x-page-cache')).toBe('MISS');
    expect(hit.headers.get('x-page-cache')).toBe('HIT');
    const missNonce = cspNonce(miss.headers.get('content-security-policy'));
    const hitNonce = cspNonce(hit.headers.get('content-security-policy'));
    expect(hitNonce).not.toBe(missNonce);
    expect(hit.text).not.toContain(missNonce);
    expect(new Set(inlineScriptNonces(hit.text))).toEqual(new Set([hitNonce]));
    // Apart from the nonce it is the very page that was kept.
    expect(hit.text.replaceAll(hitNonce, 'N')).toBe(miss.text.replaceAll(missNonce, 'N'));
  });
});

describe('cross-site posts', () => {
  const form = new URLSearchParams({ firstName: 'Cross', lastName: 'Site', email: 'x@example.com', message: 'hi' });

  // Without Origin (an old client, a privacy extension) the Referer says which page sent the form.
  it.each<Record<string, string>>([{ Origin: 'https://evil.example' }, { Referer: 'https://evil.example/offer.html' }])(
    'a form posted from another site (%o) gets 403 with a short message',
    async (from) => {
      const res = await visit('/contact-us', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...from },
        body: form.toString(),
      });
      expect(res.status).toBe(403);
      expect(res.text).toMatch(/only be sent from this site/);
    },
  );

  it('an /api post from another site, or one the browser marks cross-site, gets 403 JSON', async () => {
    const attempts: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'null' }];
    for (const headers of attempts) {
      const res = await fetch(`${SITE}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ firstName: 'Cross', lastName: 'Site', email: 'x@example.com' }),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: 'Cross-site requests are not allowed.' });
    }
  });

  it('same-origin and server-to-server (no Origin) posts reach the app', async () => {
    // An invalid body: the app's own validation answers (400), which shows the request got through.
    const allowed: Record<string, string>[] = [
      { Origin: PUBLIC, 'Sec-Fetch-Site': 'same-origin' },
      {},
      { Referer: `${PUBLIC}/contact-us` },
    ];
    for (const headers of allowed) {
      const res = await fetch(`${SITE}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ firstName: '' }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/required fields/);
    }
    // A page form posted from the site itself is not turned away either (the action answers).
    const page = await visit('/contact-us', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC },
      body: new URLSearchParams({ firstName: '' }).toString(),
    });
    expect(page.status).not.toBe(403);
    expect(page.status).toBeLessThan(500);
    // WordPress's purge call has no Origin: it gets the purge route's own answer, not the guard's.
    const purge = await fetch(`${SITE}/api/purge`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(purge.status).not.toBe(403);
    expect(purge.status).toBeLessThan(500);
  });
});

describe('one public origin', () => {
  it('a foreign Host header changes no absolute URL and poisons no kept page', async () => {
    const path = fresh('Host');
    const evil = await visit(path, { headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' } });
    expect(evil.status).toBe(200);
    expect(evil.text).not.toContain('evil.example');
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(evil.text)?.[1];
    expect(canonical?.startsWith(`${PUBLIC}/explore-cars`)).toBe(true);
    expect(evil.text).toContain(`<meta property="og:url" content="${PUBLIC}/`);
    // The kept page, rendered for the foreign Host, names only the public origin. Each worker process
    // keeps its own copy, so the foreign visit is repeated until one comes from a kept page.
    let kept = evil;
    for (let i = 0; i < 8 && kept.headers.get('x-page-cache') !== 'HIT'; i++) {
      kept = await visit(path, { headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' } });
      expect(kept.text).not.toContain('evil.example');
    }
    expect(kept.headers.get('x-page-cache')).toBe('HIT');
    // And the next ordinary visitor's page too.
    const next = await visit(path);
    expect(next.status).toBe(200);
    expect(next.text).not.toContain('evil.example');
  });

  it('the car page’s JSON-LD, share and WhatsApp links use the public origin', async () => {
    const { text } = await visit(carPath, { headers: { Host: 'evil.example' } });
    expect(text).not.toContain('evil.example');
    const jsonLd = /<script[^>]*type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(text)?.[1] ?? '';
    expect(JSON.parse(jsonLd).url).toBe(`${PUBLIC}${carPath}`);
  });

  it('sitemap and robots name the public origin', async () => {
    const robots = await visit('/robots.txt', { headers: { Host: 'evil.example' } });
    expect(robots.text).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    const index = await visit('/sitemap.xml', { headers: { Host: 'evil.example' } });
    expect(index.text).toContain(`<loc>${PUBLIC}/sitemaps/pages.xml</loc>`);
    expect(index.text).not.toContain('evil.example');
    const pages = await visit('/sitemaps/pages.xml', { headers: { Host: 'evil.example' } });
    expect(pages.text).toContain(`<loc>${PUBLIC}/explore-cars</loc>`);
    expect(pages.text).not.toContain('evil.example');
  });
});

describe('request values never reach a prototype', () => {
  it.each(['fuelType', 'transmission', 'bodyType', 'brand', 'drive'])('%s=__proto__ / constructor answer 200', async (name) => {
    for (const value of ['__proto__', 'constructor', 'hasOwnProperty']) {
      const page = await visit(`/explore-cars?${name}=${value}`);
      expect(page.status).toBe(200);
      // Nothing matches a value no car has: the page says so instead of failing.
      expect(page.text).toContain('No Cars Found');
      const api = await fetch(`${SITE}/api/search/cars?${name}=${value}`);
      expect(api.status).toBe(200);
    }
  });
});

describe('malformed addresses', () => {
  it('bad percent-encoding in the path or query answers 400, not a server error', async () => {
    for (const path of ['/explore-cars?search=%E0%A4%A', '/%zz', '/car/%', '/api/search/cars?brand=%']) {
      const res = await fetch(`${SITE}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.text()).toMatch(/malformed/);
    }
  });
});

describe('request id', () => {
  it('a sane incoming X-Request-Id is echoed; a missing or odd one is replaced by a fresh id', async () => {
    const kept = await fetch(`${SITE}/healthz`, { headers: { 'X-Request-Id': 'lb-1234.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-1234.abc');
    const odd = await fetch(`${SITE}/healthz`, { headers: { 'X-Request-Id': 'x'.repeat(300) } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const none = await fetch(`${SITE}/healthz`);
    const again = await fetch(`${SITE}/healthz`);
    expect(none.headers.get('x-request-id')).not.toBe(again.headers.get('x-request-id'));
  });
});

describe('health', () => {
  it('/healthz answers while the process is alive', async () => {
    const res = await fetch(`${SITE}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('/readyz is 200 with WordPress up, and 503 within about a second when WordPress hangs', async () => {
    const ok = await fetch(`${SITE}/readyz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      status: 'ready',
      wordpress: { ok: true },
      outbox: { depth: expect.any(Number), dead: expect.any(Number) },
    });

    const pids = phpFpmPids();
    let res: Response;
    let ms: number;
    try {
      for (const pid of pids) process.kill(pid, 'SIGSTOP');
      const started = Date.now();
      res = await fetch(`${SITE}/readyz`);
      ms = Date.now() - started;
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    expect(res.status).toBe(503);
    expect(ms).toBeLessThan(3000);
    expect(await res.json()).toMatchObject({ status: 'unavailable', wordpress: { ok: false }, outbox: { depth: expect.any(Number) } });
    // And back once WordPress answers again.
    expect((await fetch(`${SITE}/readyz`)).status).toBe(200);
  });
});
