// Compression of the responses the app renders, once per response. Remix writes a rendered page to
// Express in React's small chunks (a few KB each) and flushes after every one; through the
// `compression` middleware that is one sync flush of the compressor per chunk, which cost more than
// the rendering itself (about 10 ms for a 130 KB page) and compressed worse. So a rendered page or
// loader answer is read whole (the pages have no deferred parts streamed after the shell) and
// compressed in one call, off the event loop (zlib's thread pool), then sent with its length.
// Kept pages are compressed once per encoding by the page cache (server/page-cache.mjs) and arrive
// here with their Content-Encoding set, so they pass untouched.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { pickEncoding } from './page-cache.mjs';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Bodies worth compressing: text of any kind, JSON, XML, JavaScript, SVG. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|rss\+xml|atom\+xml|ld\+json|manifest\+json)|image\/svg\+xml)/i;
/** Below this, the encoding's own overhead outweighs what it saves. */
export const MIN_COMPRESS_BYTES = 1024;

// Brotli at quality 4 is about as fast as gzip at 6 and a little smaller on HTML; the higher
// qualities cost several times as much per response and pay only for files compressed once.
export const ENCODE = {
  br: (body) =>
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzip(body, { level: 6 }),
};

/**
 * `response` whole and compressed for `acceptEncoding`, as status, headers and one body to send;
 * null when it must be streamed as it is (already encoded, an event stream, no body).
 * @param {Response} response
 * @param {string | undefined | null} acceptEncoding
 * @returns {Promise<{ status: number, statusText: string, headers: Headers, body: Buffer } | null>}
 */
export async function encodeWhole(response, acceptEncoding) {
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.body || response.headers.has('Content-Encoding') || /^text\/event-stream/i.test(type)) return null;
  const headers = new Headers(response.headers);
  let body = Buffer.from(await response.arrayBuffer());
  const compressible = COMPRESSIBLE.test(type) && !/\bno-transform\b/i.test(headers.get('Cache-Control') ?? '');
  if (compressible) {
    // The answer depends on Accept-Encoding whether or not this one was compressed.
    const vary = headers.get('Vary');
    if (!vary || !/\baccept-encoding\b/i.test(vary)) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = body.length >= MIN_COMPRESS_BYTES ? pickEncoding(acceptEncoding) : null;
    if (encoding) {
      body = await ENCODE[encoding](body);
      headers.set('Content-Encoding', encoding);
    }
  }
  headers.set('Content-Length', String(body.length));
  return { status: response.status, statusText: response.statusText, headers, body };
}

/**
 * Writes an encoded response to Express's `res` in one write (Set-Cookie kept as separate lines).
 * @param {import('express').Response} res
 * @param {{ status: number, statusText: string, headers: Headers, body: Buffer }} whole
 */
export function sendWhole(res, whole) {
  res.statusCode = whole.status;
  if (whole.statusText) res.statusMessage = whole.statusText;
  for (const [name, value] of whole.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  const cookies = whole.headers.getSetCookie();
  if (cookies.length) res.setHeader('Set-Cookie', cookies);
  res.end(res.req.method === 'HEAD' ? undefined : whole.body);
}
