// What the buyer's deal screens share on the server: the 404 of a deal that is not the buyer's, and
// WordPress's refusal turned into the sentence the buyer reads.
import { json } from '@remix-run/node';
import { ACCOUNT_HEADERS } from '~/lib/account/account.server';
import { WordPressError } from '~/lib/wordpress/client.server';
import { failureFor, type Failure } from '~/lib/wordpress/failure.server';

export const DEAL_NOT_FOUND = 'This deal could not be found. It may belong to another account.';

/** A deal that is not the caller's is the same 404 page as one never issued. */
export function dealNotFound(): Response {
  return json({ message: DEAL_NOT_FOUND }, { status: 404, headers: ACCOUNT_HEADERS });
}

export function isDealNotFound(error: unknown): boolean {
  return error instanceof WordPressError && error.status === 404;
}

/**
 * The sentence and status a failed deal call shows the buyer: WordPress's own sentence for a refusal
 * (a step the state does not allow, the car already reserved, a file of the wrong kind), and for an
 * outage the caller's sentence plus the promise that what they sent is kept, so they try again.
 */
export function dealFailure(error: unknown, fallback: string): Failure {
  if (!(error instanceof WordPressError)) throw error;
  const failure = failureFor(error, fallback);
  if (failure.status >= 500) return { ...failure, message: `${fallback} Please try again in a moment: nothing you sent is lost.` };
  return failure;
}
