// A small shared cache of whole responses for anonymous visitors, in front of the Remix handler:
// what a CDN would do with the pages' own Cache-Control, kept in this process so one machine serves
// the catalogue without rendering the same page for every visitor. Rules, all of them deliberate:
// - only GET, only without the session cookie, another personal cookie (`personalCookies`: the
//   chosen destination port, which every car page and card shows) or an Authorization header
//   (anything personal bypasses it), never /api/*;
// - only 200 responses that say `public` with a max-age and no Set-Cookie, HTML or loader JSON;
//   failures are `no-store` in the routes and so are never kept;
// - kept for the response's max-age, capped by `maxTtlMs`; one render per URL at a time;
// - emptied when WordPress purges the catalogue (the app's POST /api/purge succeeded); a render that
//   was under way during the purge is not kept.
// - keyed on path and query only: the host a client names never selects or shapes a kept page
//   (server.mjs renders every page for the one public origin anyway); click-tracking parameters
//   (utm_*, gclid, fbclid, …) are left out of the key, so an ad click is served the kept page;
// - a page's Content-Security-Policy nonce is per response: the kept body remembers where the
//   rendering's nonce stood and every visitor gets their own response's nonce written there, so a
//   kept page never hands out a nonce someone else has seen.
// - the last good copy of each kept page stays in this process after it expires or is purged: while
//   one render refreshes the page, the other visitors asking for it get that copy at once, and when
//   rendering is too far behind to serve a visitor in time (server.mjs, `stale()`) a signed-out
//   visitor gets it too; marked STALE, `no-store`, for up to `staleTtlMs` after it was rendered.
//   Only pages rendered for anonymous visitors are ever kept, so a copy never holds anyone's account.
// Where entries live is the store's business: in this process (createMemoryPageStore), or in a Redis
// shared by every site instance (server/page-store.mjs).
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { compressPieces, gzipWithNonce } from './gzip-template.mjs';

const CACHEABLE_TYPE = /^(text\/html|application\/json)\b/i;

// A kept page is compressed once per encoding, not on every hit (brotli of a 130 KB page costs
// more than the rest of a hit); a page holding a CSP nonce is gzipped from pieces compressed once.
// The compression middleware leaves encoded responses alone.
const ENCODERS = {
  br: (body) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
  gzip: (body) => zlib.gzipSync(body, { level: 6 }),
};

/** The body in pieces around every occurrence of `nonce`; one piece when there is no nonce in it. */
function splitOnNonce(body, nonce) {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce);
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const parts = [];
  let start = 0;
  for (let at = buffer.indexOf(needle, start); at !== -1; at = buffer.indexOf(needle, start)) {
    parts.push(buffer.subarray(start, at));
    start = at + needle.length;
  }
  parts.push(buffer.subarray(start));
  return parts;
}

/** The content codings an Accept-Encoding header accepts (q > 0), lower-cased. */
function acceptedEncodings(acceptEncoding) {
  const accepted = new Set();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if ((q ? Number(q.slice(2)) : 1) > 0) accepted.add(name.trim());
  }
  return accepted;
}

/** The encoding to send for an Accept-Encoding header: br, then gzip, else none. */
export function pickEncoding(acceptEncoding) {
  return preferredOf(acceptedEncodings(acceptEncoding));
}

function preferredOf(accepted) {
  return ['br', 'gzip'].find((name) => accepted.has(name)) ?? null;
}

/**
 * Query parameters that say where a click came from and never change the page: ad and newsletter
 * click ids and campaign tags. Every page reads its own parameters by name, so these only ever pass
 * through; keying on them would give each ad click its own render. Only names no page of this site
 * uses, and that ad and mail platforms append on their own (a generic `ref` or `source` is left in:
 * a page may one day read it).
 */
export const TRACKING_PARAMS = new Set([
  'gclid', // Google Ads
  'gclsrc',
  'dclid', // Google Display & Video
  'gbraid', // Google Ads, iOS app and web
  'wbraid',
  '_gl', // Google's cross-domain linker
  '_ga',
  'fbclid', // Meta
  'msclkid', // Microsoft Ads
  'ttclid', // TikTok
  'twclid', // X
  'li_fat_id', // LinkedIn
  'yclid', // Yandex
  'igshid', // Instagram shares
  'mc_cid', // Mailchimp campaign and member
  'mc_eid',
  '_hsenc', // HubSpot mails
  '_hsmi',
]);

/** A campaign tag: any `utm_` parameter (source, medium, campaign, term, content, id, …). */
const isTracking = (name) => name.toLowerCase().startsWith('utm_') || TRACKING_PARAMS.has(name.toLowerCase());

/**
 * The key of a page: its path and query without the tracking parameters, in their order otherwise,
 * never the host a client named.
 */
export function pageKey(url) {
  const { pathname, search, searchParams } = new URL(url);
  if (!search) return pathname;
  const kept = [...searchParams].filter(([name]) => !isTracking(name));
  if (kept.length === [...searchParams].length) return `${pathname}${search}`;
  const query = new URLSearchParams(kept).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Seconds of `max-age` when the Cache-Control allows a shared cache to keep the response, else 0. */
export function sharedMaxAge(cacheControl) {
  if (!cacheControl) return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (!directives.includes('public')) return 0;
  if (directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache')) return 0;
  const maxAge = directives.find((d) => d.startsWith('s-maxage=')) ?? directives.find((d) => d.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.split('=')[1]) : 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/**
 * Where pages are kept. `slot(url)` is read when a visit starts and names the entry for the rest of
 * it (so a purge during a render sends that render elsewhere); `get` resolves to a fresh entry with
 * the body, or the copy for `encoding`, or null; `keepEncoded` is told of a copy made for a hit.
 * @typedef {{
 *   maxBytes: number,
 *   slot: (url: string) => any,
 *   get: (slot: any, encoding: string | null) => any,
 *   set: (slot: any, entry: any) => unknown,
 *   keepEncoded: (slot: any, entry: any, encoding: string) => void,
 *   clear: () => void,
 *   readonly size: number,
 * }} PageStore
 */

/**
 * The in-process store: entries in an LRU bounded by bytes. Keys carry a generation that clear()
 * moves, so a render finishing after a purge lands under the old one and is never served.
 * @param {{ maxBytes?: number, now?: () => number }} options
 * @returns {PageStore}
 */
export function createMemoryPageStore({ maxBytes = 32 * 1024 * 1024, now = Date.now } = {}) {
  const entries = new LRUCache({
    maxSize: maxBytes,
    // The encoded copies (or compressed pieces) are smaller than the body: counting it twice bounds them too.
    sizeCalculation: (entry) => Math.max(1, entry.body.byteLength * 2),
    ttlAutopurge: false,
  });
  let generation = 0;
  return {
    maxBytes,
    slot: (url) => `${generation}:${url}`,
    /** The entry, while fresh; the encoded copies are remembered on it as they are made. */
    get(slot) {
      const entry = entries.get(slot);
      if (entry && entry.expiresAt > now()) return entry;
      if (entry) entries.delete(slot);
      return null;
    },
    set(slot, entry) {
      if (slot.startsWith(`${generation}:`)) entries.set(slot, entry);
    },
    keepEncoded() {},
    clear() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** How long after its render a page's last good copy may still answer a visitor the site cannot render for. */
export const STALE_TTL_MS = 10 * 60_000;

/**
 * @param {{ sessionCookie: string, personalCookies?: string[], maxTtlMs?: number, maxBytes?: number, staleTtlMs?: number, now?: () => number, store?: PageStore }} options
 */
export function createPageCache({
  sessionCookie,
  personalCookies = [],
  maxTtlMs = 60_000,
  maxBytes = 32 * 1024 * 1024,
  staleTtlMs = STALE_TTL_MS,
  now = Date.now,
  store = createMemoryPageStore({ maxBytes, now }),
}) {
  const inFlight = new Map();
  // The last good copy of each page, by page key: untouched by expiry and purges (see above).
  const lastGood = new LRUCache({
    maxSize: Math.max(1, Math.floor(maxBytes / 2)),
    sizeCalculation: (entry) => Math.max(1, entry.body.byteLength * 2),
  });
  // Gzip pieces of kept pages that hold a nonce, by the nonce of the render they came from.
  const gzipPieces = new LRUCache({ max: 500 });
  const stats = { hits: 0, misses: 0, bypasses: 0, stale: 0 };

  function personal(request, names = [sessionCookie, ...personalCookies]) {
    if (request.headers.has('authorization')) return true;
    const cookie = request.headers.get('cookie') ?? '';
    return cookie.split(';').some((part) => names.some((name) => part.trim().startsWith(`${name}=`)));
  }

  function bypass(request) {
    if (request.method !== 'GET' || maxTtlMs <= 0) return true;
    if (new URL(request.url).pathname.startsWith('/api/')) return true;
    return personal(request);
  }

  /** `slot`: null for a last good copy, which belongs to no store slot. */
  function fromEntry(slot, entry, state, request, nonce) {
    const headers = new Headers(entry.headers);
    headers.set('X-Page-Cache', state);
    headers.set('Age', String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))));
    headers.append('Vary', 'Accept-Encoding');
    let body = entry.body;
    const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
    let encoding = preferredOf(accepted);
    const parts = entry.nonce ? (entry.parts ??= splitOnNonce(entry.body, entry.nonce)) : null;
    if (parts && parts.length > 1) {
      // A page with inline scripts gets this response's nonce written in. Gzip is put together from
      // pieces compressed once (server/gzip-template.mjs), so it is preferred here over brotli,
      // which would cost a full compression per response. The pieces are remembered per stored
      // render (its own nonce names it), also when the entry itself came from a shared store.
      const pageNonce = nonce ?? entry.nonce;
      if (accepted.has('gzip')) encoding = 'gzip';
      if (encoding === 'gzip') {
        let pieces = gzipPieces.get(entry.nonce);
        if (!pieces) {
          pieces = compressPieces(parts);
          gzipPieces.set(entry.nonce, pieces);
        }
        body = gzipWithNonce(pieces, pageNonce);
      } else {
        body = Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [Buffer.from(pageNonce), part])));
        if (encoding) body = ENCODERS[encoding](body);
      }
    } else if (encoding) {
      if (!entry.encoded[encoding]) {
        entry.encoded[encoding] = ENCODERS[encoding](entry.body);
        if (slot !== null) store.keepEncoded(slot, entry, encoding);
      }
      body = entry.encoded[encoding];
    }
    if (encoding) headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.byteLength));
    return new Response(body, { status: entry.status, statusText: entry.statusText, headers });
  }

  /** The last good copy of the page `key` for `request`, unless none is kept or it is too old. */
  function lastGoodResponse(key, request, nonce) {
    const entry = lastGood.get(key);
    if (!entry || now() - entry.storedAt > staleTtlMs) return null;
    stats.stale += 1;
    const response = fromEntry(null, entry, 'STALE', request, nonce);
    // An old copy: nobody down the line may keep it as if it were the page.
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }

  /** Renders, and keeps the result when its own headers allow it; resolves to an entry or a Response. */
  async function renderAndMaybeStore(slot, key, render, nonce) {
    const response = await render();
    const maxAge = sharedMaxAge(response.headers.get('Cache-Control'));
    const type = response.headers.get('Content-Type') ?? '';
    if (response.status !== 200 || maxAge === 0 || response.headers.has('Set-Cookie') || !CACHEABLE_TYPE.test(type)) {
      return { response };
    }
    const body = new Uint8Array(await response.arrayBuffer());
    const storedAt = now();
    const entry = {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers.entries()],
      body,
      parts: splitOnNonce(body, nonce),
      nonce: nonce ?? null,
      encoded: {},
      storedAt,
      expiresAt: storedAt + Math.min(maxAge * 1000, maxTtlMs),
    };
    if (body.byteLength < store.maxBytes) await store.set(slot, entry);
    lastGood.set(key, entry);
    return { entry };
  }

  return {
    stats,
    /**
     * The response for `request`: from the cache, or from `render()` (and kept when allowed).
     * `nonce`: the CSP nonce `render()` writes into the page, and this response's own for a kept one.
     */
    async respond(request, render, { nonce } = {}) {
      if (bypass(request)) {
        stats.bypasses += 1;
        return render();
      }
      const key = pageKey(request.url);
      const slot = store.slot(key);
      // The in-process store answers at once; awaiting only a promise keeps that path synchronous.
      const found = store.get(slot, preferredOf(acceptedEncodings(request.headers.get('accept-encoding'))));
      const hit = found instanceof Promise ? await found : found;
      if (hit) {
        stats.hits += 1;
        return fromEntry(slot, hit, 'HIT', request, nonce);
      }
      stats.misses += 1;
      let pending = inFlight.get(slot);
      const first = !pending;
      if (!first) {
        // One render refreshes an expired or purged page; the visitors arriving meanwhile get its
        // last good copy at once (a CDN's soft purge, stale-while-revalidate), and wait for that one
        // render only when there is no copy. So a purge never empties the shelf, and nobody sees a
        // copy older than the purge for longer than that render takes.
        const copy = lastGoodResponse(key, request, nonce);
        if (copy) return copy;
      }
      if (!pending) {
        pending = renderAndMaybeStore(slot, key, render, nonce).finally(() => inFlight.delete(slot));
        inFlight.set(slot, pending);
      }
      let outcome;
      try {
        outcome = await pending;
      } catch (error) {
        if (first) throw error;
        return render(); // the shared render failed: this visitor gets a render of their own
      }
      if (outcome.entry) return fromEntry(slot, outcome.entry, 'MISS', request, nonce);
      // Not cacheable: a body can be read once, so only the first caller gets that response.
      return first ? outcome.response : render();
    },
    /**
     * The last good copy of the page `request` asks for, for a visitor the site cannot render for
     * now, or null: none kept (or too old), not a page request, or a visitor who may not be given a
     * page kept for anonymous visitors. `signedOut`: the session cookie, if any, holds no account
     * (the caller decodes it); any other personal cookie or an Authorization header rules it out.
     */
    stale(request, { signedOut, nonce } = {}) {
      if (!signedOut || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
      if (personal(request, personalCookies)) return null;
      return lastGoodResponse(pageKey(request.url), request, nonce);
    },
    /** Forget every page (WordPress changed the catalogue). */
    clear() {
      store.clear();
    },
    get size() {
      return store.size;
    },
  };
}
