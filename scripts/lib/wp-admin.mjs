// wp-admin as staff use it, over plain HTTP: the login form's cookies, and the forms of the Cars
// list read back from its HTML. Shared by the integration tests of the staff screens and the benches
// that time them, so both request exactly what a browser sends.

/**
 * @typedef {{
 *   cookie: string,
 *   get(path: string, headers?: Record<string, string>): Promise<Response>,
 *   post(path: string, body: BodyInit, headers?: Record<string, string>): Promise<Response>,
 * }} WpAdminSession
 */

/**
 * Signs in through wp-login.php. Paths given to the session may be absolute or start at the site.
 * @param {string} wp the WordPress address, no trailing slash
 * @param {{ username: string, password: string }} credentials
 * @returns {Promise<WpAdminSession>}
 */
export async function signInToWpAdmin(wp, { username, password }) {
  const res = await fetch(`${wp}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    // Core refuses a login without its test cookie ("cookies are blocked").
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
    body: new URLSearchParams({ log: username, pwd: password, testcookie: '1', redirect_to: `${wp}/wp-admin/` }),
  });
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    // A cookie set to nothing is core clearing it, not one to send back.
    .filter((c) => c !== '' && !c.endsWith('='));
  if (res.status !== 302 || !cookies.some((c) => c.startsWith('wordpress_logged_in_'))) {
    throw new Error(`wp-admin login failed: ${res.status}`);
  }
  const cookie = cookies.join('; ');
  /** @param {string} p */
  const url = (p) => (p.startsWith('http') ? p : `${wp}${p}`);
  return {
    cookie,
    get: (p, headers = {}) => fetch(url(p), { redirect: 'manual', headers: { Cookie: cookie, ...headers } }),
    // The Referer is what core's admin referer checks compare with.
    post: (p, body, headers = {}) =>
      fetch(url(p), { method: 'POST', redirect: 'manual', headers: { Cookie: cookie, Referer: url(p), ...headers }, body }),
  };
}

/**
 * The value of the first input named `name` in a page, entities decoded.
 * @param {string} html
 * @param {string} name
 * @returns {string}
 */
export function inputValue(html, name) {
  const tag = new RegExp(`<input\\b[^>]*name=["']${name.replace(/[[\]]/g, '\\$&')}["'][^>]*>`).exec(html)?.[0];
  const value = tag === undefined ? undefined : /value=["']([^"']*)["']/.exec(tag)?.[1];
  if (value === undefined) throw new Error(`no input ${name} on the page`);
  return value.replace(/&amp;|&#038;/g, '&');
}

/**
 * The href of the first link whose text is `text` (spaces as core prints them), entities decoded.
 * @param {string} html
 * @param {string | RegExp} text
 * @returns {string | undefined}
 */
export function linkHref(html, text) {
  for (const m of html.matchAll(/<a\s[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)) {
    const label = (m[2] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/\u00a0|&nbsp;/g, ' ')
      .trim();
    if (typeof text === 'string' ? label === text : text.test(label)) return (m[1] ?? '').replace(/&amp;|&#038;/g, '&');
  }
  return undefined;
}

/**
 * The Cars list's bulk edit of `ids` as the browser submits it (a GET of edit.php with this query),
 * with the nonces the list page `html` hands out. An empty field means "No change".
 * @param {string} html
 * @param {Array<number | string>} ids
 * @param {{ price: string, featured: string }} fields
 * @returns {URLSearchParams}
 */
export function bulkEditQuery(html, ids, { price, featured }) {
  const form = new URLSearchParams({
    _wpnonce: inputValue(html, '_wpnonce'),
    post_type: 'car',
    action: 'edit',
    bulk_edit: 'Update',
    _status: '-1',
    car_export_quick_nonce: inputValue(html, 'car_export_quick_nonce'),
    'car_export_quick[mode]': 'bulk',
    'car_export_quick[price]': price,
    'car_export_quick[featured]': featured,
  });
  for (const id of ids) form.append('post[]', String(id));
  return form;
}
