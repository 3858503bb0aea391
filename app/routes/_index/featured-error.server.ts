import { wordpressMessage } from '~/lib/wordpress/failure.server';
import { FEATURED_FETCH_FAILED } from './home-model';

/**
 * The text of the featured error panel: the server's own message when WordPress answered with one,
 * else the fallback (a network failure, a bare status, anything else), never an internal detail.
 */
export function featuredErrorMessage(error: unknown): string {
  return wordpressMessage(error) ?? FEATURED_FETCH_FAILED;
}
