// Optional error reporting (server/error-reporting.mjs): without SENTRY_DSN the SDK is never loaded
// or initialised, so nothing can be sent; with it, server errors reach Sentry with the request id,
// without tracing or visitor data, including the ones Remix prints through console.error.
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReporterFromEnv } from '../../server/error-reporting.mjs';
import { captureConsole } from '../../server/logging.mjs';

function fakeSdk() {
  return { init: vi.fn(), captureException: vi.fn(), flush: vi.fn(async () => true) };
}

// captureConsole replaces these; each test gets the originals back.
const originals = { error: console.error, warn: console.warn, info: console.info, log: console.log, debug: console.debug };
afterEach(() => {
  Object.assign(console, originals);
});

describe('error reporting', () => {
  it('loads and initialises nothing when SENTRY_DSN is unset, empty or blank', async () => {
    for (const env of [{}, { SENTRY_DSN: '' }, { SENTRY_DSN: '   ' }] as NodeJS.ProcessEnv[]) {
      const load = vi.fn(async () => fakeSdk());
      expect(await errorReporterFromEnv(env, { load })).toBeNull();
      expect(load).not.toHaveBeenCalled();
    }
  });

  it('with a DSN, initialises Sentry for errors only and tags each error with its request id', async () => {
    const sdk = fakeSdk();
    const reporter = await errorReporterFromEnv(
      { SENTRY_DSN: 'https://key@o1.ingest.example/1', NODE_ENV: 'production', SENTRY_RELEASE: 'site@1.2.3' },
      { load: async () => sdk },
    );
    expect(sdk.init).toHaveBeenCalledWith({
      dsn: 'https://key@o1.ingest.example/1',
      environment: 'production',
      release: 'site@1.2.3',
      tracesSampleRate: 0,
      sendDefaultPii: false,
    });
    const error = new Error('WordPress answered 500');
    reporter!.capture(error, { reqId: 'req-42' });
    expect(sdk.captureException).toHaveBeenCalledWith(error, { tags: { request_id: 'req-42' } });
  });

  it('passes errors printed with console.error (how Remix reports them) to the reporter, not plain messages', () => {
    const onError = vi.fn();
    captureConsole(pino({ level: 'silent' }), { onError });
    const error = new Error('loader failed');
    console.error(error);
    console.error('a plain line');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(error);
  });
});
