import { safeRedirect } from '~/lib/auth/safe-redirect';

const LIST_PATH = '/explore-cars';

/** Where Back to Cars leads: ?from= when it is a path on this site, else the car list. */
export function backToFrom(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('from'), LIST_PATH);
}

/**
 * The page's own ?from= when it is a path on this site, else null: the forms that reload the page
 * (Show price) send it on, so Back to Cars still leads to the buyer's filtered list afterwards.
 */
export function carriedFrom(search: string): string | null {
  const from = new URLSearchParams(search).get('from');
  return from !== null && safeRedirect(from, '') === from ? from : null;
}
