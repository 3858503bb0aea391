import { safeRedirect } from '~/lib/auth/safe-redirect';

const LIST_PATH = '/explore-cars';

/** Where Back to Cars leads: ?from= when it is a path on this site, else the car list. */
export function backToFrom(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('from'), LIST_PATH);
}
