// Calls the running Remix site (SITE_URL, default http://127.0.0.1:3000), for the /api contract
// tests. The site must run with TRUST_PROXY=1 so the X-Forwarded-For each test sends is taken as the
// visitor's address and forwarded to WordPress (per-visitor flood limits, stored sender address).
import { randomBytes } from 'node:crypto';
import { randomIp, wpPhp } from './local';
import { jsonResponse, type JsonResponse } from './wordpress';

export const SITE = (process.env.SITE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');

let frontend: string | undefined;
/**
 * The public site address WordPress builds its links with (CAR_EXPORT_FRONTEND_URL: the `npm start`
 * site), which during `npm test` is not the site under test (SITE).
 */
export function frontendUrl(): string {
  frontend ??= wpPhp<string>(`echo json_encode( defined( 'CAR_EXPORT_FRONTEND_URL' ) ? CAR_EXPORT_FRONTEND_URL : '' );`).replace(
    /\/+$/,
    '',
  );
  return frontend;
}

/** A link WordPress made for the public site, followed on the site under test. */
export function onSiteUnderTest(link: string): string {
  const url = new URL(link);
  return `${SITE}${url.pathname}${url.search}`;
}

export async function site<T = any>(
  path: string,
  {
    method = 'GET',
    body,
    token,
    headers = {},
    ip = randomIp(),
    raw,
  }: {
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
  return jsonResponse<T>(res);
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

/** The site's purge secret; a test that needs it fails with the reason when it is missing. */
export function purgeSecret(): string {
  const secret = process.env.PURGE_SECRET;
  if (!secret) {
    throw new Error(
      "PURGE_SECRET is not set: this test calls the site's /api/purge with it. `npm test` passes " +
        'the secret the site under test runs with; set it yourself when running this file alone.',
    );
  }
  return secret;
}

/**
 * Empties the site's catalogue and page caches, so a comparison with WordPress sees the same moment
 * (the plugin's own purge call is tested in purge.test.ts).
 */
export async function purgeSiteCache(): Promise<void> {
  const res = await site('/api/purge', { method: 'POST', headers: { 'X-Purge-Secret': purgeSecret() }, body: {} });
  if (res.status !== 200) throw new Error(`purge: ${res.status} ${res.text}`);
}
