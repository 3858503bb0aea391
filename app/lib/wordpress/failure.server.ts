// The one rule for what a visitor, a crawler or an API client is told when a WordPress call fails.
// Every page loader, action and /api route answers a failed call through this module:
//  - a refusal (4xx: a bad field, a wrong password, too many attempts) keeps WordPress's status and
//    its own sentence, which is written for visitors;
//  - an outage (unreachable, timed out, a 5xx, the breaker holding WordPress for down) is a 503 with
//    Retry-After, so crawlers and caches in front of the site treat it as a passing failure (keeping
//    what they have, coming back later) rather than as the page's content;
//  - anything else (an answer the site cannot read) is a 502;
//  - never kept by any cache, and never an internal detail: the caller's own sentence stands in
//    whenever WordPress did not explain itself.
import { json } from '@remix-run/node';
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { isWordPressOutage, WordPressError } from './client.server';

export type Failure = { status: number; message: string; retryAfter?: number };

/** Seconds a client is asked to wait when WordPress is down and did not say how long itself. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/** The client's stand-in when WordPress answered an error without a message of its own. */
const PLACEHOLDER = /^HTTP error! status: \d+$/;

/**
 * WordPress's own sentence for the visitor, or null: only when WordPress answered (a refusal, a
 * GraphQL error, a 5xx that explains itself), never for a transport failure or the placeholder.
 */
export function wordpressMessage(error: unknown): string | null {
  if (!(error instanceof WordPressError) || error.status === 0) return null;
  const message = error.message.trim();
  return message && !PLACEHOLDER.test(message) ? message : null;
}

/** A refusal WordPress explained (4xx): the visitor can fix it and try again. */
export function isRefusal(error: unknown): error is WordPressError {
  return error instanceof WordPressError && error.status >= 400 && error.status < 500;
}

/** WordPress is down (or the site cannot keep what it was sent): try again after Retry-After. */
export function outage(message: string, retryAfter = OUTAGE_RETRY_AFTER_SECONDS): Failure {
  return { status: 503, message, retryAfter };
}

/** Status, sentence and Retry-After of a failed WordPress call (see the rule above). */
export function failureFor(error: unknown, fallback: string): Failure {
  const retryAfter = error instanceof WordPressError ? error.retryAfter : undefined;
  if (isRefusal(error)) return { status: error.status, message: wordpressMessage(error) ?? fallback, retryAfter };
  if (isWordPressOutage(error)) return outage(fallback, retryAfter);
  return { status: 502, message: fallback, retryAfter };
}

/** The Retry-After header of a failure, when it has one. */
export function failureHeaders(failure: Pick<Failure, 'retryAfter'>): Record<string, string> {
  return failure.retryAfter ? { 'Retry-After': String(failure.retryAfter) } : {};
}

/** Status and headers (never cached, Retry-After) of a response reporting `failure`. */
export function failureInit(failure: Pick<Failure, 'status' | 'retryAfter'>, extra?: Record<string, string>) {
  return { status: failure.status, headers: cacheHeaders('none', { ...failureHeaders(failure), ...extra }) };
}

/**
 * Status and headers of a page whose data could not be loaded because of `error`. A page's data is
 * never a refusal the visitor can fix, so a 4xx from WordPress reads as a broken answer (502).
 */
export function failedPageInit(error: unknown, extra?: Record<string, string>) {
  const failure = failureFor(error, '');
  return failureInit(isRefusal(error) ? { status: 502 } : failure, extra);
}

/** What a page loader throws when WordPress failed: the route's error panel with `message`. */
export function failedPage(error: unknown, message: string, what: string): Response {
  console.error(`${what}: WordPress failed:`, error instanceof Error ? error.message : error);
  return json({ message }, failedPageInit(error));
}
