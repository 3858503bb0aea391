// Compression of rendered responses in one piece (server/compress.mjs): the bytes a browser decodes
// are the page, the answer says it depends on Accept-Encoding, and what must not be touched is not.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeWhole, MIN_COMPRESS_BYTES } from '../../server/compress.mjs';

const PAGE = `<!DOCTYPE html><html><body>${'<p class="text-slate-700">A car for export</p>'.repeat(400)}</body></html>`;

function html(body = PAGE, headers: Record<string, string> = {}) {
  return new Response(body, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'private, no-store', Vary: 'Cookie', ...headers } });
}

describe('encodeWhole', () => {
  it('sends brotli or gzip as the browser accepts, decoding to the very page, with its length', async () => {
    const br = (await encodeWhole(html(), 'gzip, deflate, br'))!;
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(br.headers.get('Content-Length')).toBe(String(br.body.length));
    expect(br.body.length).toBeLessThan(PAGE.length / 10);

    const gz = (await encodeWhole(html(), 'gzip'))!;
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);

    const plain = (await encodeWhole(html(), undefined))!;
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.body.toString()).toBe(PAGE);
  });

  it('says the answer varies on Accept-Encoding, beside what it varied on already', async () => {
    for (const accept of ['br', undefined]) {
      const out = (await encodeWhole(html(), accept))!;
      expect(out.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
    }
    const once = (await encodeWhole(html(PAGE, { Vary: 'Cookie, Accept-Encoding' }), 'br'))!;
    expect(once.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
  });

  it('keeps the status, the other headers and every Set-Cookie line', async () => {
    const headers = new Headers({ 'Content-Type': 'text/html' });
    headers.append('Set-Cookie', 'a=1; Path=/');
    headers.append('Set-Cookie', 'b=2; Path=/');
    const out = (await encodeWhole(new Response(PAGE, { status: 404, headers }), 'gzip'))!;
    expect(out.status).toBe(404);
    expect(out.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('leaves small bodies, images, no-transform answers and encoded answers as they are', async () => {
    const small = (await encodeWhole(html('x'.repeat(MIN_COMPRESS_BYTES - 1)), 'br'))!;
    expect(small.headers.get('Content-Encoding')).toBeNull();
    const image = (await encodeWhole(new Response(PAGE, { headers: { 'Content-Type': 'image/png' } }), 'br'))!;
    expect(image.headers.get('Content-Encoding')).toBeNull();
    expect(image.headers.get('Vary')).toBeNull();
    const noTransform = (await encodeWhole(html(PAGE, { 'Cache-Control': 'no-transform' }), 'br'))!;
    expect(noTransform.headers.get('Content-Encoding')).toBeNull();
    // Already encoded (a kept page) or streamed (events), or no body at all: sent as it is.
    expect(await encodeWhole(html(PAGE, { 'Content-Encoding': 'gzip' }), 'br')).toBeNull();
    expect(await encodeWhole(new Response('data: 1\n\n', { headers: { 'Content-Type': 'text/event-stream' } }), 'br')).toBeNull();
    expect(await encodeWhole(new Response(null, { status: 302, headers: { Location: '/' } }), 'br')).toBeNull();
  });
});
