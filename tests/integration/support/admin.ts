// A signed-in wp-admin session over plain HTTP (the login form and its cookies), for tests of the
// staff screens: what staff click is what the test requests.
import { signInToWpAdmin } from '../../../scripts/lib/wp-admin.mjs';
import { WP, adminCredentials } from './wordpress';

export type AdminSession = {
  get(path: string): Promise<Response>;
  post(path: string, form: Record<string, string>): Promise<Response>;
};

export { bulkEditQuery, inputValue, linkHref } from '../../../scripts/lib/wp-admin.mjs';

export async function adminSession(): Promise<AdminSession> {
  const session = await signInToWpAdmin(WP, adminCredentials());
  return {
    get: (p) => session.get(p),
    post: (p, form) => session.post(p, new URLSearchParams(form), { 'Content-Type': 'application/x-www-form-urlencoded' }),
  };
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

/** Saves a lead's "Lead" box (its status, and a note when given) with the nonce its screen prints. */
export async function saveLead(admin: AdminSession, id: number, status: string, note = ''): Promise<Response> {
  const screen = await (await admin.get(`/wp-admin/post.php?post=${id}&action=edit`)).text();
  const nonce = screen.match(/name="car_export_lead_nonce" value="([^"]+)"/)?.[1];
  if (!nonce) throw new Error(`lead ${id}: its screen printed no nonce`);
  return admin.post('/wp-admin/post.php', {
    action: 'editpost',
    post_ID: String(id),
    car_export_save_lead: 'Save lead',
    car_export_lead_status: status,
    car_export_lead_notes: note,
    car_export_lead_nonce: nonce,
  });
}
