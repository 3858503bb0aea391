// The pure parts of the site's HTTP edges: which requests count as cross-site, which addresses are
// malformed, the request id rules, label lookups that a request value names, and the fetch that
// carries the request id to WordPress.
import { describe, expect, it } from 'vitest';
import { fuelTypeLabel, transmissionLabel } from '~/lib/wordpress/labels';
import { htmlToText } from '~/lib/seo/car-structured-data';
import { postalAddress } from '~/lib/seo/jsonld';
import { contextualFetch, currentRequestContext, runWithRequestContext } from '~/lib/server/request-context.server';
import { Writable } from 'node:stream';
import pino from 'pino';
import { captureConsole, requestIdFor } from '../../server/logging.mjs';
import { isCrossSite, isHttps, wellFormedPath } from '../../server/security.mjs';

const PUBLIC = 'https://cars.example';
const req = (method: string, headers: Record<string, string> = {}) => ({
  method,
  headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
});

describe('isCrossSite', () => {
  it('flags state-changing requests from another origin or marked cross-site by the browser', () => {
    expect(isCrossSite(req('POST', { Origin: 'https://evil.example' }), PUBLIC)).toBe(true);
    expect(isCrossSite(req('POST', { Origin: 'null' }), PUBLIC)).toBe(true);
    expect(isCrossSite(req('DELETE', { Origin: 'http://cars.example' }), PUBLIC)).toBe(true); // another scheme
    expect(isCrossSite(req('POST', { 'Sec-Fetch-Site': 'cross-site' }), PUBLIC)).toBe(true);
    expect(isCrossSite(req('POST', { Origin: PUBLIC, 'Sec-Fetch-Site': 'cross-site' }), PUBLIC)).toBe(true);
    expect(isCrossSite(req('POST', { Referer: 'https://evil.example/form.html' }), PUBLIC)).toBe(true);
    expect(isCrossSite(req('POST', { Referer: 'http://cars.example/car/12' }), PUBLIC)).toBe(true); // another scheme
    expect(isCrossSite(req('POST', { Referer: 'not an address' }), PUBLIC)).toBe(true);
  });

  it('lets same-origin posts, server-to-server posts (no Origin) and reads through', () => {
    expect(isCrossSite(req('POST', { Origin: PUBLIC, 'Sec-Fetch-Site': 'same-origin' }), PUBLIC)).toBe(false);
    expect(isCrossSite(req('POST'), PUBLIC)).toBe(false);
    // Without Origin (an old client, a privacy extension), the Referer says where the form was.
    expect(isCrossSite(req('POST', { Referer: `${PUBLIC}/car/12?from=x` }), PUBLIC)).toBe(false);
    expect(isCrossSite(req('GET', { Origin: 'https://evil.example' }), PUBLIC)).toBe(false);
    expect(isCrossSite(req('HEAD', { 'Sec-Fetch-Site': 'cross-site' }), PUBLIC)).toBe(false);
  });
});

describe('isHttps', () => {
  const r = (proto?: string, encrypted = false) => ({ socket: { encrypted }, headers: proto ? { 'x-forwarded-proto': proto } : {} });
  it('believes X-Forwarded-Proto only from a trusted proxy', () => {
    expect(isHttps(r('https'), 0)).toBe(false);
    expect(isHttps(r('https'), 1)).toBe(true);
    expect(isHttps(r('http, https'), 1)).toBe(false);
    expect(isHttps(r(undefined, true), 0)).toBe(true);
  });
});

describe('wellFormedPath', () => {
  it('rejects escapes that do not decode', () => {
    for (const bad of ['/%', '/%zz', '/car/%E0%A4%A', '/explore-cars?search=100%', '/x?y=%FF'])
      expect(wellFormedPath(bad), bad).toBe(false);
    for (const good of ['/', '/explore-cars?search=BYD%20Seal', '/news/caf%C3%A9', '/x?y=a+b'])
      expect(wellFormedPath(good), good).toBe(true);
  });
});

describe('requestIdFor', () => {
  it('keeps a short plain incoming id, else makes a fresh UUID', () => {
    expect(requestIdFor({ headers: { 'x-request-id': 'edge-42.a:b' } })).toBe('edge-42.a:b');
    for (const bad of ['', 'a b', 'x'.repeat(129), 'id\nforged-log-line', '<script>']) {
      expect(requestIdFor({ headers: { 'x-request-id': bad } })).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    }
    expect(requestIdFor({ headers: {} })).not.toBe(requestIdFor({ headers: {} }));
  });
});

describe('lookups named by request values', () => {
  it('"__proto__", "constructor" and friends read as plain values, never as Object internals', () => {
    for (const value of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(typeof fuelTypeLabel(value)).toBe('string');
      expect(typeof transmissionLabel(value)).toBe('string');
    }
    expect(fuelTypeLabel('constructor')).toBe('Constructor');
    expect(fuelTypeLabel('premium-petrol')).toBe('Premium Petrol');
    expect(transmissionLabel('ev')).toBe('Single-Speed (EV)');
    expect(htmlToText('a &constructor; &amp; &tostring; b')).toBe('a &constructor; & &tostring; b');
    expect(postalAddress('Street 1, Tianjin 300456, constructor')?.addressCountry).toBe('constructor');
    expect(postalAddress('Street 1, Tianjin 300456, China')?.addressCountry).toBe('CN');
  });
});

describe('contextualFetch', () => {
  it('sends the current request id to WordPress and counts the calls and their time', async () => {
    const seen: (string | null)[] = [];
    const inner = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('X-Request-Id'));
      await new Promise((r) => setTimeout(r, 20));
      return new Response('{}');
    }) as typeof fetch;
    const wrapped = contextualFetch(inner);
    const context = await runWithRequestContext('req-1', async (ctx) => {
      await wrapped('http://wp.test/graphql', { headers: { Accept: 'application/json' } });
      await wrapped('http://wp.test/wp-json/x');
      expect(currentRequestContext()).toBe(ctx);
      return ctx;
    });
    expect(seen).toEqual(['req-1', 'req-1']);
    expect(context.wordpressCalls).toBe(2);
    expect(context.wordpressMs).toBeGreaterThanOrEqual(30);
    // Outside a request nothing is added.
    await wrapped('http://wp.test/graphql');
    expect(seen[2]).toBeNull();
    expect(currentRequestContext()).toBeUndefined();
  });
});

describe('captureConsole', () => {
  it('turns console output into JSON lines: an error once, with its stack, and the request id', () => {
    const lines: Array<{ err?: { stack?: string }; reqId?: string }> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = pino({ mixin: () => ({ reqId: currentRequestContext()?.requestId }) }, sink);
    const saved = { error: console.error, warn: console.warn, info: console.info, log: console.log, debug: console.debug };
    try {
      captureConsole(logger);
      runWithRequestContext('req-9', () => console.error('Car 7: WordPress failed:', new Error('boom')));
      console.warn('plain %s', 'text');
    } finally {
      Object.assign(console, saved);
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'Car 7: WordPress failed:', reqId: 'req-9', err: { message: 'boom' } });
    expect(lines[0]!.err?.stack).toMatch(/Error: boom\n\s+at /);
    expect(lines[1]).toMatchObject({ level: 40, msg: 'plain text' });
    expect(lines[1]!.reqId).toBeUndefined();
  });
});
