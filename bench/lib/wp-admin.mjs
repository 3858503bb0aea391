// A signed-in wp-admin session of the local stack's administrator (the login form and its cookies),
// for benches of the staff screens: what staff click is what the bench requests.
import fs from 'node:fs';
import path from 'node:path';
import { paths } from '../../scripts/lib/config.mjs';
import { WP } from './cars-query.mjs';

export async function adminSession() {
  const { username, password } = JSON.parse(fs.readFileSync(path.join(paths.local, 'admin.json'), 'utf8'));
  const res = await fetch(`${WP}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
    body: new URLSearchParams({ log: username, pwd: password, testcookie: '1', redirect_to: `${WP}/wp-admin/` }),
  });
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c !== '' && !c.endsWith('='));
  if (res.status !== 302 || !cookies.some((c) => c.startsWith('wordpress_logged_in_')))
    throw new Error(`wp-admin login failed: ${res.status}`);
  const cookie = cookies.join('; ');
  const url = (p) => (p.startsWith('http') ? p : `${WP}${p}`);
  return {
    cookie,
    get: (p, headers = {}) => fetch(url(p), { redirect: 'manual', headers: { Cookie: cookie, ...headers } }),
    post: (p, body, headers = {}) =>
      fetch(url(p), { method: 'POST', redirect: 'manual', headers: { Cookie: cookie, Referer: url(p), ...headers }, body }),
  };
}

/** The value of the first input named `name` in a page, entities decoded. */
export function inputValue(html, name) {
  const tag = html.match(new RegExp(`<input\\b[^>]*name=["']${name.replace(/[[\]]/g, '\\$&')}["'][^>]*>`))?.[0];
  const value = tag?.match(/value=["']([^"']*)["']/)?.[1];
  if (value === undefined) throw new Error(`no input ${name} on the page`);
  return value.replace(/&amp;|&#038;/g, '&');
}

/** The href of the first link whose text is `text`, entities decoded. */
export function linkHref(html, text) {
  for (const m of html.matchAll(/<a\s[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)) {
    if (m[2].replace(/<[^>]+>/g, '').trim() === text) return m[1].replace(/&amp;|&#038;/g, '&');
  }
  throw new Error(`no link "${text}" on the page`);
}
