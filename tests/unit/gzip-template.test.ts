// Gzip assembled around a per-response nonce (server/gzip-template.mjs) must decode, with any
// standard gunzip, to exactly the page with that nonce written in.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPieces, gzipWithNonce } from '../../server/gzip-template.mjs';

const pieces = (...texts: string[]) => compressPieces(texts.map((t) => Buffer.from(t)));

describe('gzipWithNonce', () => {
  it('decodes to the pieces joined by the nonce, for any number of pieces, empty ones included', () => {
    const cases = [['a', 'b'], ['', 'b'], ['a', ''], ['', ''], ['<p>', '', '</p>'], ['only']];
    for (const texts of cases) {
      expect(gunzipSync(gzipWithNonce(pieces(...texts), 'N0nce_-x')).toString(), texts.join('|')).toBe(texts.join('N0nce_-x'));
    }
  });

  it('a real-sized page: the same compressed pieces serve different nonces, and stay small', () => {
    const html = `<html><script nonce="@">boot()</script>${'<li class="card">BYD Seal 2024 – $45,000</li>'.repeat(2000)}<script nonce="@">x()</script></html>`;
    const compressed = pieces(...html.split('@'));
    const one = gzipWithNonce(compressed, 'first-nonce-0123456789ab');
    const two = gzipWithNonce(compressed, 'second-nonce-0123456789a');
    expect(gunzipSync(one).toString()).toBe(html.replaceAll('@', 'first-nonce-0123456789ab'));
    expect(gunzipSync(two).toString()).toBe(html.replaceAll('@', 'second-nonce-0123456789a'));
    expect(one.byteLength).toBeLessThan(html.length / 20);
  });
});
