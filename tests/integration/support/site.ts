// Calls the running Remix site (SITE_URL, default http://127.0.0.1:3000), for the /api contract
// tests. The site must run with TRUST_PROXY=1 so the X-Forwarded-For each test sends is taken as the
// visitor's address and forwarded to WordPress (per-visitor flood limits, stored sender address).
import { randomBytes } from 'node:crypto';
import { randomIp } from './local';
import { type JsonResponse } from './wordpress';

export const SITE = (process.env.SITE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');

export async function site<T = any>(
  path: string,
  { method = 'GET', body, token, headers = {}, ip = randomIp(), raw }: {
    method?: string;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    ip?: string;
    /** Sent as is (for malformed or oversized bodies). */
    raw?: string;
  } = {},
): Promise<JsonResponse<T>> {
  const h: Record<string, string> = { Accept: 'application/json', 'X-Forwarded-For': ip, ...headers };
  if (body !== undefined || raw !== undefined) h['Content-Type'] ??= 'application/json';
  if (token) h.Authorization = `Bearer ${token}`;
  const res = await fetch(`${SITE}${path}`, {
    method,
    headers: h,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export type SiteUser = { id: number; username: string; email: string; password: string; token: string };

/** A fresh account made through the site's /api/auth/register. */
export async function registerThroughSite(): Promise<SiteUser> {
  const username = `qa_api_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.com`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const res = await site('/api/auth/register', { method: 'POST', body: { username, email, password } });
  if (res.status !== 201) throw new Error(`register through the site: ${res.status} ${res.text}`);
  return { id: res.body.user_id, username, email, password, token: res.body.token };
}

/**
 * Empties the site's catalogue cache (needs the site's PURGE_SECRET in the environment, as npm test
 * passes it), so a comparison with WordPress sees the same moment. Without the secret it does
 * nothing: the cache then refreshes within 5 minutes, and WordPress's own purge call reaches the site
 * that CAR_EXPORT_PURGE_URL names.
 */
export async function purgeSiteCache(): Promise<boolean> {
  const secret = process.env.PURGE_SECRET;
  if (!secret) return false;
  const res = await site('/api/purge', { method: 'POST', headers: { 'X-Purge-Secret': secret }, body: {} });
  if (res.status !== 200) throw new Error(`purge: ${res.status} ${res.text}`);
  return true;
}
