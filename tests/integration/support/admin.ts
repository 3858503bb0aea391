// A signed-in wp-admin session over plain HTTP (the login form and its cookies), for tests of the
// staff screens: what staff click is what the test requests.
import { WP, adminCredentials } from './wordpress';

export type AdminSession = {
  get(path: string): Promise<Response>;
  post(path: string, form: Record<string, string>): Promise<Response>;
};

export async function adminSession(): Promise<AdminSession> {
  const { username, password } = adminCredentials();
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
  if (res.status !== 302 || !cookies.some((c) => c.startsWith('wordpress_logged_in_'))) {
    throw new Error(`wp-admin login failed: ${res.status}`);
  }
  const cookie = cookies.join('; ');
  const url = (p: string) => (p.startsWith('http') ? p : `${WP}${p}`);
  return {
    get: (p) => fetch(url(p), { redirect: 'manual', headers: { Cookie: cookie } }),
    post: (p, form) =>
      fetch(url(p), {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Referer: url(p) },
        body: new URLSearchParams(form),
      }),
  };
}

/** The href of the first link whose text is `text`, HTML entities in it decoded. */
export function linkHref(html: string, text: string | RegExp): string | undefined {
  for (const m of html.matchAll(/<a\s[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)) {
    const label = m[2]!
      .replace(/<[^>]+>/g, '')
      .replace(/\u00a0|&nbsp;/g, ' ')
      .trim();
    if (typeof text === 'string' ? label === text : text.test(label)) return m[1]!.replace(/&amp;/g, '&').replace(/&#038;/g, '&');
  }
  return undefined;
}

/** The hidden fields of wp-admin's post form (nonces, ids), as the browser would send them back. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input\b[^>]*>/g)) {
    const tag = m[0];
    if (!/type=["']hidden["']/.test(tag)) continue;
    const name = /name=["']([^"']+)["']/.exec(tag)?.[1];
    const value = /value=["']([^"']*)["']/.exec(tag)?.[1] ?? '';
    if (name && !(name in fields)) fields[name] = value.replace(/&amp;/g, '&').replace(/&#038;/g, '&');
  }
  return fields;
}

/**
 * Submits a post's edit screen as staff would: the form's hidden fields (its nonces among them,
 * unless `without` names one to leave out), the Publish box's date, and `fields`. Returns the form
 * as it was printed, so a test can check what it carried.
 */
export async function submitEditForm(
  admin: AdminSession,
  id: number,
  fields: Record<string, string>,
  { without }: { without?: string } = {},
): Promise<{ printed: Record<string, string>; res: Response }> {
  const printed = hiddenFields(await (await admin.get(`/wp-admin/post.php?post=${id}&action=edit`)).text());
  const sent = { ...printed };
  if (without) delete sent[without];
  // The Publish box's date, as its (visible) fields would send it; core warns when they are missing.
  const date = Object.fromEntries(['aa', 'mm', 'jj', 'hh', 'mn'].map((k) => [k, printed[`hidden_${k}`] ?? '']));
  const res = await admin.post('/wp-admin/post.php', { ...sent, ...date, action: 'editpost', post_ID: String(id), ...fields });
  return { printed, res };
}

/** `{ a: '1' }` as the fields of the form array `name`: `{ 'name[a]': '1' }`. */
export const formArray = (name: string, values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [`${name}[${k}]`, v]));
