// What a stranger must not learn or reach: the list of accounts (REST in both URL forms, embeds,
// author archives, sitemaps, feeds) and XML-RPC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, adminToken, deleteUser, http, newUser, rest, type TestUser } from './support/wordpress';

let adminId: number;
let adminSlug: string;
let subscriber: TestUser;
let postId: number;

beforeAll(async () => {
  const me = await rest('/wp/v2/users/me?context=edit', { token: await adminToken() });
  expect(me.status).toBe(200);
  adminId = me.body.id;
  adminSlug = me.body.slug;
  subscriber = await newUser();
  const post = await rest('/wp/v2/posts', {
    method: 'POST',
    token: await adminToken(),
    body: { title: 'Hardening test post', status: 'publish', content: 'Body.' },
  });
  expect(post.status).toBe(201);
  postId = post.body.id;
});

afterAll(async () => {
  if (subscriber) await deleteUser(subscriber.id);
  if (postId) await rest(`/wp/v2/posts/${postId}?force=true`, { method: 'DELETE', token: await adminToken() });
});

/** The response lists or describes no account. */
function expectNoAccounts(res: { body: { slug?: unknown } | null; text: string }): void {
  expect(Array.isArray(res.body)).toBe(false);
  expect(res.body?.slug).toBeUndefined();
  expect(res.text).not.toContain(`"slug":"${adminSlug}"`);
  expect(res.text).not.toContain('avatar_urls');
}

describe('REST user listing', () => {
  it('is closed to visitors at /wp-json/wp/v2/users', async () => {
    for (const route of ['/wp/v2/users', '/wp/v2/users?per_page=100', `/wp/v2/users?slug=${adminSlug}`, '/wp/v2/users?search=a']) {
      const res = await rest(route);
      expect(res.status, route).toBe(401);
      expect(res.body.code).toBe('rest_user_cannot_view');
      expect(res.body.message).toBe('Sorry, you are not allowed to view user accounts.');
      expectNoAccounts(res);
    }
  });

  it('is closed to visitors for a single account, by any id', async () => {
    for (const id of [1, adminId, subscriber.id, 999999]) {
      const res = await rest(`/wp/v2/users/${id}`);
      expect(res.status, `user ${id}`).toBe(401);
      expectNoAccounts(res);
    }
  });

  it('is closed in the ?rest_route= form and in any letter case', async () => {
    for (const route of ['/wp/v2/users', `/wp/v2/users/${adminId}`, '/WP/V2/USERS']) {
      const res = await http(`/?rest_route=${encodeURIComponent(route)}`, { headers: { Accept: 'application/json' } });
      expect(res.status, route).toBe(401);
      expectNoAccounts(res);
    }
  });

  it('does not leak authors through embeds', async () => {
    const res = await rest(`/wp/v2/posts/${postId}?_embed=author`);
    expect(res.status).toBe(200);
    const embedded = res.body._embedded?.author ?? [];
    for (const author of embedded) {
      expect(author.slug).toBeUndefined();
      expect(author.name).toBeUndefined();
    }
  });

  it('a subscriber may read only its own account', async () => {
    const list = await rest('/wp/v2/users', { token: subscriber.token });
    expect(list.status).toBe(403);
    expectNoAccounts(list);
    const other = await rest(`/wp/v2/users/${adminId}`, { token: subscriber.token });
    expect(other.status).toBe(403);
    const own = await rest(`/wp/v2/users/${subscriber.id}`, { token: subscriber.token });
    expect(own.status).toBe(200);
    expect(own.body.id).toBe(subscriber.id);
    const me = await rest('/wp/v2/users/me', { token: subscriber.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(subscriber.id);
  });

  it('staff still list users', async () => {
    const res = await rest('/wp/v2/users?per_page=100&context=edit', { token: await adminToken() });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const ids = (res.body as Array<{ id: number }>).map((u) => u.id);
    expect(ids).toContain(adminId);
    const one = await rest(`/wp/v2/users/${subscriber.id}`, { token: await adminToken() });
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(subscriber.id);
  });
});

describe('author archives', () => {
  it('?author=N is a plain 404 without a redirect to the login slug', async () => {
    const answers = [];
    for (const path of ['/?author=1', `/?author=${adminId}`, '/?author=999999', `/?author_name=${adminSlug}`, `/author/${adminSlug}/`]) {
      const res = await http(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('location'), path).toBeNull();
      expect(res.text).not.toContain('/author/');
      answers.push(res.text);
    }
    // An existing author and an unknown one get the very same answer.
    expect(new Set(answers).size).toBe(1);
  });

  it('the sitemap index lists no users', async () => {
    const res = await http('/wp-sitemap.xml');
    expect(res.text).not.toContain('sitemap-users');
    const users = await http('/wp-sitemap-users-1.xml');
    expect(users.status).not.toBe(200);
    expect(users.text).not.toContain('/author/');
  });
});

describe('feeds', () => {
  it('every feed is a plain 404 that names no author', async () => {
    const postFeed = `/?p=${postId}&feed=rss2`;
    for (const path of ['/?feed=rss2', '/?feed=atom', '/feed/', '/comments/feed/', postFeed]) {
      const res = await http(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect(res.text, path).not.toContain('dc:creator');
      expect(res.text, path).not.toContain('<author>');
      expect(res.text, path).not.toContain(adminSlug);
    }
  });
});

describe('XML-RPC', () => {
  const call = (method: string, params = '') =>
    http('/xmlrpc.php', {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml' },
      body: `<?xml version="1.0"?><methodCall><methodName>${method}</methodName><params>${params}</params></methodCall>`,
    });

  it('refuses system.listMethods and lists nothing', async () => {
    const res = await call('system.listMethods');
    expect(res.status).toBe(403);
    expect(res.text).toBe('XML-RPC is disabled on this site.');
    expect(res.text).not.toContain('methodResponse');
    expect(res.text).not.toMatch(/wp\.|pingback\.|system\./);
  });

  it('refuses a sign-in attempt with real credentials', async () => {
    const { username, password } = adminCredentials();
    const param = (v: string) => `<param><value><string>${v}</string></value></param>`;
    const res = await call('wp.getUsersBlogs', param(username) + param(password));
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('methodResponse');
  });

  it('refuses the discovery document and GET', async () => {
    for (const path of ['/xmlrpc.php?rsd', '/xmlrpc.php']) {
      const res = await http(path);
      expect(res.status, path).toBe(403);
      expect(res.text).not.toContain('<rsd');
    }
  });

  it('advertises no pingback endpoint', async () => {
    const res = await http('/');
    expect(res.headers.get('x-pingback')).toBeNull();
  });
});
