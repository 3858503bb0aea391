// Every way a response of the site may be cached (no Cache-Control is written anywhere else), and the
// one `headers` export every page route uses.
// A page is public only while nobody is signed in: the HTML carries the header's signed-in state, so
// a page for a session cookie is personal, and a page that changes a cookie or reports a failure is
// never kept anywhere.
import type { HeadersFunction } from '@remix-run/node';
import { hasSessionCookie } from '~/lib/auth/session.server';

export const CACHE_POLICY = {
  /**
   * Anonymous catalogue pages and API reads. WordPress purges the site's own caches on change; a
   * browser keeps a page a minute, a shared cache (CDN) two, which the purge does not reach: after a
   * change a CDN may serve the old page for up to s-maxage, and stale-while-revalidate longer to the
   * one visitor whose request starts its refresh.
   */
  public: 'public, max-age=60, s-maxage=120, stale-while-revalidate=300',
  /** Names the visitor: only their own browser may keep it, and must ask again before reuse. */
  personal: 'private, no-cache',
  /** Tied to a person or a token, a form answer, a failure: never stored by a browser or a CDN. */
  none: 'private, no-store',
  /** A car or article that does not exist (yet): short, it may be published any minute. */
  missing: 'public, max-age=30',
  /** Files for crawlers (the sitemap): no purge reaches them, so short enough to list a new car soon. */
  crawler: 'public, max-age=300',
  /** Files that change only with a deploy (robots.txt). */
  deploy: 'public, max-age=3600',
} as const;

export type CachePolicy = keyof typeof CACHE_POLICY;

/** `{ 'Cache-Control': … }` of a policy, for `json(data, { headers })`. */
export function cacheHeaders(policy: CachePolicy, extra: Record<string, string> = {}): Record<string, string> {
  return { 'Cache-Control': CACHE_POLICY[policy], ...extra };
}

/**
 * A page's policy: public for an anonymous visitor, personal for one with a session cookie or when
 * the page shows the visitor's own choices (`personal`), none when the answer sets a cookie.
 */
export function pagePolicy(request: Request, page: { personal?: boolean; setsCookie?: boolean } = {}): CachePolicy {
  if (page.setsCookie) return 'none';
  return page.personal || hasSessionCookie(request) ? 'personal' : 'public';
}

/**
 * The document's headers for every page route: the Cache-Control its action, error or loader chose
 * (in that order; none when it chose nothing), downgraded to none when the response sets a cookie;
 * Vary: Cookie because every page shows who is signed in; Retry-After of a failure passed on.
 */
export const pageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders, parentHeaders }) => {
  const sources = [actionHeaders, errorHeaders, loaderHeaders];
  const chosen = sources.find((h) => h?.has('Cache-Control'))?.get('Cache-Control');
  const setsCookie = parentHeaders.has('Set-Cookie') || sources.some((h) => h?.has('Set-Cookie'));
  const out = new Headers({ 'Cache-Control': setsCookie ? CACHE_POLICY.none : (chosen ?? CACHE_POLICY.none), Vary: 'Cookie' });
  const retryAfter = sources.find((h) => h?.has('Retry-After'))?.get('Retry-After');
  if (retryAfter) out.set('Retry-After', retryAfter);
  return out;
};
