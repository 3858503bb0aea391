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
