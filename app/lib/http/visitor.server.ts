// Who is asking: the visitor's address, browser and advertising ids, forwarded to WordPress with
// contact messages and inquiries (its 5-per-minute flood limit counts per visitor, and staff see the
// campaign a message came from) and with sign-in (failed attempts are counted per visitor).
import { isIP } from 'node:net';
import { env } from '~/lib/server/env.server';
import type { VisitorContext } from '~/lib/wordpress/types';

/**
 * The socket's peer address, written by server.mjs on every request (overwriting whatever a client
 * sent under that name). A Remix Request has no socket, so this header is how it reaches us.
 */
export const PEER_IP_HEADER = 'x-site-peer-ip';

const USER_AGENT_MAX = 500;
const AD_ID_MAX = 255;
/** The shape WordPress accepts for an ad id (AdIds::clean); anything else is dropped whole. */
const AD_ID_PATTERN = /^[A-Za-z0-9._~:=+/-]+$/;

export function normalizeIp(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  let ip = value.trim();
  // Node reports IPv4 peers on a dual-stack socket as "::ffff:1.2.3.4".
  if (ip.toLowerCase().startsWith('::ffff:') && isIP(ip.slice(7)) === 4) ip = ip.slice(7);
  return isIP(ip) ? ip : undefined;
}

/**
 * The visitor's address. With TRUST_PROXY=0 (default) it is the socket's peer and X-Forwarded-For is
 * ignored, since any client can write it. With TRUST_PROXY=N the site sits behind N proxies that each
 * append the address they saw, so the visitor is the N-th entry from the right.
 */
export function clientIp(request: Request, trustProxy: number = env().trustProxy): string | undefined {
  const peer = normalizeIp(request.headers.get(PEER_IP_HEADER));
  if (trustProxy > 0) {
    const hops = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops.length > 0) {
      const candidate = hops[Math.max(0, hops.length - trustProxy)];
      const ip = normalizeIp(candidate);
      if (ip) return ip;
    }
  }
  return peer;
}

export function parseCookies(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const raw of header.split(';')) {
    const part = raw.trim();
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // Keep the raw value; the id check below decides whether it is usable.
    }
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

function cleanAdId(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  if (!v || v.length > AD_ID_MAX || !AD_ID_PATTERN.test(v)) return undefined;
  return v;
}

/** Google's _gcl_aw cookie is "GCL.<time>.<gclid>"; the click id is what WordPress keeps. */
function gclidFromCookie(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^GCL\.\d+\.(.+)$/.exec(value);
  return m ? m[1] : value;
}

/**
 * The ad ids: an X-Ad-* header when the caller sent one (scripts and apps calling
 * /api), else the browser's cookie (_fbp, _fbc, _gcl_aw or gclid, _ttp).
 */
export function adIds(request: Request): VisitorContext['adIds'] {
  const cookies = parseCookies(request.headers.get('cookie'));
  const pick = (header: string, cookie: string | undefined) => cleanAdId(request.headers.get(header)) ?? cleanAdId(cookie);
  const ids: VisitorContext['adIds'] = {};
  const fbp = pick('x-ad-fbp', cookies.get('_fbp'));
  const fbc = pick('x-ad-fbc', cookies.get('_fbc'));
  const gclid = pick('x-ad-gclid', gclidFromCookie(cookies.get('_gcl_aw')) ?? cookies.get('gclid'));
  const ttp = pick('x-ad-ttp', cookies.get('_ttp'));
  if (fbp) ids.fbp = fbp;
  if (fbc) ids.fbc = fbc;
  if (gclid) ids.gclid = gclid;
  if (ttp) ids.ttp = ttp;
  return ids;
}

export function visitorContext(request: Request): VisitorContext {
  const ctx: VisitorContext = { adIds: adIds(request) };
  const ip = clientIp(request);
  if (ip) ctx.ip = ip;
  const ua = request.headers.get('user-agent')?.trim();
  if (ua) ctx.userAgent = ua.slice(0, USER_AGENT_MAX);
  return ctx;
}
