// The local stack's administrator signed in to wp-admin, for benches of the staff screens.
import fs from 'node:fs';
import path from 'node:path';
import { paths } from '../../scripts/lib/config.mjs';
import { linkHref as findLinkHref, signInToWpAdmin } from '../../scripts/lib/wp-admin.mjs';
import { WP } from './cars-query.mjs';

export { bulkEditQuery, inputValue } from '../../scripts/lib/wp-admin.mjs';

export function adminSession() {
  return signInToWpAdmin(WP, JSON.parse(fs.readFileSync(path.join(paths.local, 'admin.json'), 'utf8')));
}

/** The href of the first link whose text is `text`; a bench cannot go on without it. */
export function linkHref(html, text) {
  const href = findLinkHref(html, text);
  if (href === undefined) throw new Error(`no link "${text}" on the page`);
  return href;
}
