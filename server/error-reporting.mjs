// Optional error reporting through Sentry's Node SDK, server side only: off unless SENTRY_DSN is set,
// and then only errors are sent (no performance tracing, no visitor data such as cookies or IPs).
// Without the DSN the SDK is never even loaded, so an unconfigured site sends nothing anywhere.

/**
 * @typedef {{ capture: (error: unknown, context?: { reqId?: string }) => void, flush: (timeoutMs: number) => Promise<boolean> }} ErrorReporter
 */

/**
 * The reporter for this process, or null when SENTRY_DSN is empty.
 * @param {NodeJS.ProcessEnv} env
 * @param {{ load?: () => Promise<any> }} [options] how the SDK is loaded (tests pass a stand-in)
 * @returns {Promise<ErrorReporter | null>}
 */
export async function errorReporterFromEnv(env, { load = () => import('@sentry/node') } = {}) {
  const dsn = (env.SENTRY_DSN ?? '').trim();
  if (!dsn) return null;
  const Sentry = await load();
  Sentry.init({
    dsn,
    environment: env.SENTRY_ENVIRONMENT || env.NODE_ENV || 'production',
    release: env.SENTRY_RELEASE || undefined,
    tracesSampleRate: 0,
    sendDefaultPii: false,
  });
  return {
    capture(error, context = {}) {
      Sentry.captureException(error, context.reqId ? { tags: { request_id: context.reqId } } : undefined);
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  };
}
