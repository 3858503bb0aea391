// What a page answers when WordPress cannot: 503 Service Unavailable with Retry-After, so crawlers
// and caches in front of the site treat it as a passing failure (keeping what they have, coming back
// later) rather than as the page's content, while the visitor sees the page's own error panel.
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { isWordPressOutage } from './wordpress/client.server';

/** Seconds a client is asked to wait before trying a page again. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/** Status and headers of a page whose data could not be loaded because of `error`. */
export function failedPageInit(error: unknown): { status: number; headers: Record<string, string> } {
  if (isWordPressOutage(error)) {
    return { status: 503, headers: cacheHeaders('none', { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) }) };
  }
  // WordPress answered, but not with the data (a refusal it explained): still never kept by a cache.
  return { status: 502, headers: cacheHeaders('none') };
}
