// The /api/contact and /api/inquiry routes' shared path: read and check the body, take the
// idempotency key from the header or the body (or make one, so the site's own retries still count
// as one lead), submit, and answer 201 when WordPress stored the lead or 202 when the outbox keeps it.
import { ApiError, jsonResponse } from '~/lib/http/api-responses.server';
import { leadExtrasBody } from '~/lib/http/api-bodies.server';
import { visitorContext } from '~/lib/http/visitor.server';
import { failureHeaders } from '../wordpress/failure.server';
import type { CarInquiry, ContactMessage } from '../wordpress/types';
import { IDEMPOTENCY_KEY_PATTERN, newLeadKey, submitLead, type Lead, type QueuedLead } from './leads.server';
import type { z } from 'zod';

function idempotencyKey(request: Request, fromBody: string | undefined): string {
  const header = request.headers.get('idempotency-key');
  if (header !== null) {
    // Stryker disable next-line MethodExpression: the Fetch Headers object already strips the spaces and tabs around a value
    const key = header.trim();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new ApiError(400, 'The Idempotency-Key header must be 16 to 128 letters, digits or _ . : -');
    }
    if (fromBody !== undefined && fromBody !== key) throw new ApiError(400, 'The Idempotency-Key header and idempotencyKey differ.');
    return key;
  }
  return fromBody ?? newLeadKey();
}

/** A lead's body schema (contactBody or inquiryBody) with the extras a script may send beside it. */
export function withLeadExtras<S extends z.ZodTypeAny>(schema: S) {
  return schema.and(leadExtrasBody);
}

export async function apiLead(
  request: Request,
  kind: Lead['kind'],
  /** The body, already checked with withLeadExtras(the lead's schema). */
  body: unknown,
  fallback: string,
): Promise<Response> {
  const { idempotencyKey: bodyKey, website, fillMs, ...data } = body as z.output<typeof leadExtrasBody> & Record<string, unknown>;
  const key = idempotencyKey(request, bodyKey);
  const lead = { kind, data: data as unknown as ContactMessage & CarInquiry };
  const outcome = await submitLead({ ...lead, key, visitor: visitorContext(request), spam: { honeypot: website, fillMs } } as QueuedLead);
  if (outcome.ok) {
    return jsonResponse(
      { success: true, message: outcome.message },
      { status: outcome.queued ? 202 : 201, headers: { 'Idempotency-Key': key } },
    );
  }
  throw new ApiError(outcome.status, outcome.message ?? fallback, failureHeaders(outcome));
}
