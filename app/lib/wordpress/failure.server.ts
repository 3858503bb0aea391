// One rule for what a visitor (or an API client) is told when a WordPress call fails, used by the
// pages' actions and loaders and by every /api route:
//  - a refusal (4xx: a bad field, a wrong password, too many attempts) keeps WordPress's status and
//    its own sentence, which is written for visitors;
//  - anything else (unreachable, timed out, 5xx, the breaker holding WordPress for down) is a 502
//    with the caller's fallback sentence, never an internal detail;
//  - Retry-After travels with either when WordPress sent one.
import { WordPressError } from './client.server';

export type Failure = { status: number; message: string; retryAfter?: number };

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

/** Status, sentence and Retry-After of a failed WordPress call (see the rule above). */
export function failureFor(error: unknown, fallback: string): Failure {
  const retryAfter = error instanceof WordPressError ? error.retryAfter : undefined;
  if (isRefusal(error)) return { status: error.status, message: wordpressMessage(error) ?? fallback, retryAfter };
  return { status: 502, message: fallback, retryAfter };
}

/** The Retry-After header of a failure, when it has one. */
export function failureHeaders(failure: Pick<Failure, 'retryAfter'>): Record<string, string> {
  return failure.retryAfter ? { 'Retry-After': String(failure.retryAfter) } : {};
}
