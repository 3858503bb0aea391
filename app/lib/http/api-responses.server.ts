// What every /api/* resource route shares: JSON responses with the right caching, JSON bodies read
// with a size limit and validated with zod, bearer tokens, allowed methods, and one mapping from
// errors to status + {message} (the contract for scripts, apps and the tests).
import { z } from 'zod';
import { CACHE_POLICY, type CachePolicy } from '~/lib/http/cache-headers.server';
import { WordPressError } from '~/lib/wordpress/client.server';
import { failureFor, failureHeaders } from '~/lib/wordpress/failure.server';

/** Largest JSON body accepted; the biggest real one (a 5000-character message) fits easily. */
export const MAX_BODY_BYTES = 16 * 1024;

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function jsonResponse(
  data: unknown,
  init: { status?: number; cache?: CachePolicy; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      // X-Content-Type-Options: nosniff is set on every response by the server's edge (server/security.mjs).
      // Anything tied to a person or a token (the default) is never stored by a browser or a CDN.
      'Cache-Control': CACHE_POLICY[init.cache ?? 'none'],
      ...init.headers,
    },
  });
}

export function messageResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse({ message }, { status, headers });
}

/** 405 with the Allow header the HTTP spec asks for. */
export function methodNotAllowed(allow: string[]): Response {
  return messageResponse(405, `Method not allowed. Use ${allow.join(' or ')}.`, { Allow: allow.join(', ') });
}

/**
 * The request body as JSON, refusing bodies over MAX_BODY_BYTES (413) without reading past the
 * limit, and anything that is not JSON (400).
 */
export async function readJson(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new ApiError(413, `The request body is too large (at most ${maxBytes} bytes).`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new ApiError(413, `The request body is too large (at most ${maxBytes} bytes).`);
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new ApiError(400, 'The request body must be a JSON object.');
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
}

/** The first validation problem as a sentence, e.g. "carId: Expected number, received string". */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is invalid.';
  // Schemas word their own messages as full sentences; zod's defaults get the field name in front.
  if (issue.code === 'custom' || /[.!?]$/.test(issue.message)) return issue.message;
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}.` : `${issue.message}.`;
}

/** Reads and validates a JSON body; a body that is not a JSON object or fails the schema is a 400. */
export async function readJsonBody<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.output<T>> {
  const raw = await readJson(request);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ApiError(400, 'The request body must be a JSON object.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, zodMessage(parsed.error));
  return parsed.data;
}

/** The caller's WordPress JWT from `Authorization: Bearer …` (not the cookie session), or null. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

export function requireBearer(request: Request, message = 'Authorization header not found.'): string {
  const token = bearerToken(request);
  if (!token) throw new ApiError(401, message, { 'WWW-Authenticate': 'Bearer' });
  return token;
}

/**
 * An error as status + {message}, WordPress failures by the site's one rule (lib/wordpress/failure:
 * a refusal keeps its status and sentence, an outage is a 503 with Retry-After, anything else a 502). `fallback` replaces a message WordPress did not send
 * ("Login failed", "Registration failed"); without one, the client's own sentence is used.
 */
export function errorResponse(err: unknown, fallback?: string): Response {
  if (err instanceof Response) return err;
  if (err instanceof ApiError) return messageResponse(err.status, err.message, err.headers);
  if (err instanceof WordPressError) {
    const failure = failureFor(err, fallback ?? err.message);
    return messageResponse(failure.status, failure.message, failureHeaders(failure));
  }
  console.error('Unexpected error in an /api route:', err);
  return messageResponse(500, 'Something went wrong. Please try again later.');
}

/** Runs a route body and turns any thrown error into the JSON error response. */
export async function handle(fn: () => Promise<Response>, fallback?: string): Promise<Response> {
  try {
    return await fn();
  } catch (err) {
    return errorResponse(err, fallback);
  }
}

/** A positive whole number from a path or query segment, else null. */
export function positiveInt(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}
