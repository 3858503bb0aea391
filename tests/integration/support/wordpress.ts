// Talks to the live WordPress the stack started (or WORDPRESS_URL): GraphQL, REST, and the
// admin account, so integration tests exercise the real plugin, database and web server.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomBytes, randomInt } from 'node:crypto';

export const WP = (process.env.WORDPRESS_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');

export function adminCredentials(): { username: string; password: string } {
  if (process.env.WP_ADMIN_USER && process.env.WP_ADMIN_PASSWORD) {
    return { username: process.env.WP_ADMIN_USER, password: process.env.WP_ADMIN_PASSWORD };
  }
  // import.meta.url, not __dirname: Playwright loads this file as an ES module.
  const file = fileURLToPath(new URL('../../../.local/admin.json', import.meta.url));
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export type JsonResponse<T = any> = { status: number; headers: Headers; body: T; text: string };

export async function http<T = any>(url: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
  return jsonResponse(await fetch(url.startsWith('http') ? url : `${WP}${url}`, { redirect: 'manual', ...init }));
}

/** A response read whole: its body parsed as JSON, or null when it is empty or not JSON (an HTML error page). */
export async function jsonResponse<T = any>(res: Response): Promise<JsonResponse<T>> {
  const text = await res.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body, text };
}

export function rest<T = any>(
  route: string,
  {
    method = 'GET',
    body,
    token,
    headers = {},
  }: {
    method?: string;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<JsonResponse<T>> {
  const h: Record<string, string> = { Accept: 'application/json', ...headers };
  if (body !== undefined) h['Content-Type'] = 'application/json';
  if (token) h.Authorization = `Bearer ${token}`;
  return http<T>(`/wp-json${route}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
}

export async function gql<T = any>(
  query: string,
  variables: Record<string, unknown> = {},
  { method = 'POST' } = {},
): Promise<JsonResponse<{ data?: T; errors?: Array<{ message: string }> }>> {
  if (method === 'GET') {
    const qs = new URLSearchParams({ query, variables: JSON.stringify(variables) });
    return http(`/graphql?${qs}`, { headers: { Accept: 'application/json' } });
  }
  return http('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
}

/** GraphQL data, failing loudly when the response carries errors. */
export async function gqlData<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await gql<T>(query, variables);
  if (res.status !== 200 || res.body?.errors || !res.body?.data) {
    throw new Error(`GraphQL failed (${res.status}): ${res.text.slice(0, 500)}`);
  }
  return res.body.data;
}

export async function token(username: string, password: string): Promise<string> {
  const res = await rest('/jwt-auth/v1/token', { method: 'POST', body: { username, password } });
  if (res.status !== 200) throw new Error(`token for ${username}: ${res.status} ${res.text}`);
  return res.body.token;
}

let adminTokenCache: string | undefined;
export async function adminToken(): Promise<string> {
  if (!adminTokenCache) {
    const a = adminCredentials();
    adminTokenCache = await token(a.username, a.password);
  }
  return adminTokenCache;
}

export const unique = (prefix = 'qa') => `${prefix}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/**
 * A random address from the benchmarking range 198.18.0.0/15, sent as X-Forwarded-For (believed from
 * loopback), so each test has flood and sign-up limits of its own.
 */
export function randomIp(): string {
  return `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export type TestUser = { id: number; username: string; email: string; password: string; token: string };

/**
 * A fresh subscriber made through the public sign-up route, from a random address unless one is
 * given, so the per-address sign-up limit never trips.
 */
export async function newUser({ ip = randomIp() }: { ip?: string } = {}): Promise<TestUser> {
  const username = unique();
  const email = `${username}@example.com`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const res = await rest('/car-export/v1/register', {
    method: 'POST',
    body: { username, email, password },
    headers: { 'X-Forwarded-For': ip },
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`register: ${res.status} ${res.text}`);
  return { id: res.body.user_id, username, email, password, token: res.body.token };
}

export async function deleteUser(id: number): Promise<void> {
  await rest(`/wp/v2/users/${id}?force=true&reassign=1`, { method: 'DELETE', token: await adminToken() });
}

/** A car made by staff through the core REST API (cars are show_in_rest with typed meta). */
export async function createCar(fields: Record<string, unknown> & { title?: string; status?: string } = {}): Promise<number> {
  const { title = unique('Test car'), status = 'publish', content = '', featured_media, ...meta } = fields as any;
  const res = await rest('/wp/v2/cars', {
    method: 'POST',
    token: await adminToken(),
    body: { title, status, content, featured_media, meta },
  });
  if (res.status !== 201) throw new Error(`create car: ${res.status} ${res.text}`);
  return res.body.id;
}

export async function updateCar(id: number, body: Record<string, unknown>): Promise<void> {
  const res = await rest(`/wp/v2/cars/${id}`, { method: 'POST', token: await adminToken(), body });
  if (res.status !== 200) throw new Error(`update car: ${res.status} ${res.text}`);
}

export async function deleteCar(id: number, force = true): Promise<void> {
  await rest(`/wp/v2/cars/${id}${force ? '?force=true' : ''}`, { method: 'DELETE', token: await adminToken() });
}

/** The accounts one suite makes: create() registers a new one, removeAll() (for afterAll) deletes each it made. */
export function suiteUsers(): { create: () => Promise<TestUser>; removeAll: () => Promise<void> } {
  const made: TestUser[] = [];
  return {
    create: async () => {
      const user = await newUser();
      made.push(user);
      return user;
    },
    removeAll: async () => {
      for (const user of made.splice(0)) await deleteUser(user.id);
    },
  };
}
