// Per-request facts that code deep inside a loader needs without threading them through every call:
// the request id (forwarded to WordPress so one visit can be followed through both logs) and the
// WordPress calls the request made (count and total time, written to the request's log line).
// server.mjs opens a context around each request (through the build's entry module, so both share
// this one AsyncLocalStorage); outside a request (tests, boot) there is simply no context.
import { AsyncLocalStorage } from 'node:async_hooks';

export type RequestContext = {
  requestId: string;
  wordpressCalls: number;
  wordpressMs: number;
};

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a fresh context for the request `requestId`; the context object is returned too. */
export function runWithRequestContext<T>(requestId: string, fn: (context: RequestContext) => T): T {
  const context: RequestContext = { requestId, wordpressCalls: 0, wordpressMs: 0 };
  return storage.run(context, () => fn(context));
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * A fetch that sends the current request's id as X-Request-Id and counts the call and its time in
 * the current context. Calls made outside a request go out unchanged.
 */
export function contextualFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const context = storage.getStore();
    if (!context) return inner(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set('X-Request-Id', context.requestId);
    const started = performance.now();
    try {
      return await inner(input, { ...init, headers });
    } finally {
      context.wordpressCalls += 1;
      context.wordpressMs += performance.now() - started;
    }
  };
}
