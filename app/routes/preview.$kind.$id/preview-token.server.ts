// Signed preview links made by WordPress for staff: "<kind>.<id>.<expires>.<signature>", the
// signature an HMAC-SHA256 (base64url) of "<kind>.<id>.<expires>" under a key derived from the
// purge secret the site and WordPress share. The site checks the link before asking WordPress
// (which checks it again), so a wrong, altered or expired link costs WordPress nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type PreviewKind = 'car' | 'post';

export type PreviewClaims = { kind: PreviewKind; id: number; expires: number };

const TOKEN = /^(car|post)\.([1-9]\d{0,14})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function sign(payload: string, secret: string): string {
  const key = createHmac('sha256', secret).update('car-export-preview').digest();
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** Makes a token as WordPress does; the tests use it to make valid, expired and foreign links. */
export function createPreviewToken(kind: PreviewKind, id: number, secret: string, expires: number): string {
  const payload = `${kind}.${id}.${expires}`;
  return `${payload}.${sign(payload, secret)}`;
}

/** The token's claims when it is well formed, signed with this secret and not expired at `nowSeconds`; else null. */
export function verifyPreviewToken(token: string, secret: string | null, nowSeconds: number): PreviewClaims | null {
  const parts = TOKEN.exec(token);
  if (!parts || !secret) return null;
  const [, kind = '', id = '', expires = '', signature = ''] = parts;
  const expected = Buffer.from(sign(`${kind}.${id}.${expires}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expires) < nowSeconds) return null;
  return { kind: kind as PreviewKind, id: Number(id), expires: Number(expires) };
}
