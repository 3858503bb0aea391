// Production and local server: Express serving the Remix build, static assets with long caching.
// The pieces around Remix live in server/: security headers and the origin guard (security.mjs),
// logs (logging.mjs), the page cache (page-cache.mjs), start-up and shut-down (lifecycle.mjs),
// compression of rendered responses (compress.mjs), the worker processes on every core (cluster.mjs).
import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// The adapter's own request/response conversion (exported by its server module, not its index), so
// the page cache can sit between the Express request and Remix's handler. Pinned version: 2.17.5.
import expressAdapter from '@remix-run/express/dist/server.js';
import { broadcastDevReady, createRequestHandler, installGlobals } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { purgeRelay, runPrimary, workerCount, workerSlot } from './server/cluster.mjs';
import { encodeWhole, sendWhole } from './server/compress.mjs';
import { createRenderQueue, renderGuardSettings, RenderRefusedError } from './server/render-queue.mjs';
import { drainOnSignals, environmentOrExit } from './server/lifecycle.mjs';
import { errorReporterFromEnv } from './server/error-reporting.mjs';
import { accessLog, captureConsole, createLogger } from './server/logging.mjs';
import { createPageCache } from './server/page-cache.mjs';
import { pageStoreFromEnv } from './server/page-store.mjs';
import { originGuard, securityHeaders } from './server/security.mjs';

// Node's own fetch (undici). The polyfill Remix installs otherwise cancels a response body that is
// already being read when a time-out fires, which throws outside any promise and ends the process:
// a single slow WordPress answer would take the whole site down.
installGlobals({ nativeFetch: true });

// The last line of defence: an error no request handler caught is logged, and the site keeps
// serving every other visitor. The causes are still fixed where they arise.
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled promise rejection (the site keeps serving):', reason);
});
process.on('uncaughtException', (error) => {
  console.error('Uncaught exception (the site keeps serving):', error);
});

/** Seconds a visitor or crawler refused for overload is asked to wait before trying again. */
const OVERLOAD_RETRY_AFTER_S = 5;
const here = path.dirname(fileURLToPath(import.meta.url));
// Same BUILD_DIR convention as remix.config.js.
const out = process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : here;
const buildPath = path.join(out, 'build', 'index.js');
const host = process.env.HOST || '0.0.0.0';

const build = await import(pathToFileURL(buildPath).href);
// The app's own server services (environment, request context, readiness), the same instances the
// routes use (app/entry.server.tsx).
const entry = build.entry.module;
const config = environmentOrExit(entry);
const mode = config.nodeEnv === 'development' ? 'development' : 'production';
// WEB_CONCURRENCY processes (server/cluster.mjs): every core in production unless it says otherwise.
const workers = workerCount(process.env.WEB_CONCURRENCY, mode);
if (workers === null) {
  process.stderr.write(
    `site: cannot start, invalid environment: WEB_CONCURRENCY: must be a whole number of processes from 1 to 256, got ${JSON.stringify(process.env.WEB_CONCURRENCY)}\n`,
  );
  process.exit(1);
}
// RENDER_LIMIT / RENDER_QUEUE_MAX / RENDER_QUEUE_WAIT_MS: renders at once, and how many requests may
// wait for one, and how long.
const guard = renderGuardSettings(process.env);
if ('error' in guard) {
  process.stderr.write(`site: cannot start, invalid environment: ${guard.error}\n`);
  process.exit(1);
}
const clustered = cluster.isWorker || workers > 1;
const logger = createLogger({
  level: config.logLevel,
  currentRequestId: () => entry.currentRequestContext()?.requestId,
  worker: clustered ? (cluster.isPrimary ? 'primary' : workerSlot()) : undefined,
});
if (cluster.isPrimary && workers > 1) {
  runPrimary({ count: workers, logger });
} else {
  await serve();
}

async function serve() {
  // Off unless SENTRY_DSN is set (server/error-reporting.mjs); server errors only, never the browser's.
  const reporter = await errorReporterFromEnv(process.env);
  const report = (error) => reporter?.capture(error, { reqId: entry.currentRequestContext()?.requestId });
  // Before anything else runs, so the outbox's first lines are JSON like every other.
  captureConsole(logger, { onError: report });
  const handle = createRequestHandler(build, mode);
  // The lead outbox delivers what WordPress could not take, from boot on (app/entry.server.tsx), in
  // one process of the site: the only one, or worker slot 0. `npm run outbox -- drain` (SIGUSR2) asks
  // it to send every waiting lead now.
  if (workerSlot() === 0) {
    process.on('SIGUSR2', () => entry.drainLeadOutbox());
    try {
      entry.startBackgroundWork();
    } catch (error) {
      console.error(`The site cannot start: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    }
  } else {
    entry.leaveBackgroundWorkToAnother();
  }
  const { createRemixRequest, sendRemixResponse } = expressAdapter;

  // Whole pages for anonymous visitors (server/page-cache.mjs); PAGE_CACHE_TTL caps how long. Kept in
  // this process, or with REDIS_URL in the Redis all instances share (server/page-store.mjs).
  const pageCache = createPageCache({
    sessionCookie: entry.SESSION_COOKIE,
    personalCookies: [entry.SHIP_TO_COOKIE],
    maxTtlMs: config.pageCacheTtl * 1000,
    store: await pageStoreFromEnv(),
  });
  // A purge here reaches the site's other worker processes (a no-op without them): they empty their
  // catalogue cache and their kept pages the same way, and the purge is answered once they have.
  const purgeOtherWorkers = purgeRelay(async () => {
    await entry.purgeCatalogueCache();
    pageCache.clear();
  });

  // Renders take turns, in a bounded queue with a deadline (server/render-queue.mjs); a kept page is
  // served without waiting. Only GET and HEAD take turns: a form post carries what a visitor typed
  // (a lead, a sign-in), which is never refused for a page render's sake.
  const renders = createRenderQueue(guard);
  const takesTurns = (req) => req.method === 'GET' || req.method === 'HEAD';
  let draining = false;
  const app = express();
  app.disable('x-powered-by');
  // req.protocol (and so the Remix request's URL) follows X-Forwarded-Proto only from trusted proxies.
  app.set('trust proxy', config.trustProxy);
  app.use(accessLog(logger));
  app.use(securityHeaders({ mediaOrigins: config.mediaOrigins, trustProxy: config.trustProxy }));
  app.use(originGuard({ publicOrigin: config.publicUrl }));

  // Liveness: the process answers. Readiness: WordPress answers within a second (503 otherwise, and
  // while draining on shutdown), so a load balancer sends visitors elsewhere.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });
  app.get('/readyz', async (req, res, next) => {
    try {
      const readiness = draining
        ? { status: 'draining', wordpress: null, outbox: null }
        : await entry.runWithRequestContext(req.id, () => entry.checkReadiness());
      res
        .set('Cache-Control', 'no-store')
        .status(readiness.status === 'ready' ? 200 : 503)
        .json(readiness);
    } catch (error) {
      next(error);
    }
  });

  // A Remix Request carries no socket, so the peer's address reaches the app (visitor.server.ts, which
  // forwards it to WordPress for per-visitor flood limits) in this header, overwritten on every
  // request so a client can never supply it.
  app.use((req, _res, next) => {
    req.headers['x-site-peer-ip'] = req.socket.remoteAddress ?? '';
    next();
  });
  // Static files: compressed by the middleware (the app's own responses are compressed whole below).
  // Only a path with a file extension can name one, so a page request never costs a file lookup.
  const staticFiles = compression();
  const isFilePath = (req) => /\.[a-z0-9]+$/i.test(req.path);
  // Fingerprinted bundles never change under the same name.
  app.use('/build', staticFiles, express.static(path.join(out, 'public', 'build'), { immutable: true, maxAge: '1y' }));
  const publicFiles = express.static(path.join(here, 'public'), { maxAge: '1h' });
  app.use((req, res, next) => (isFilePath(req) ? staticFiles(req, res, () => publicFiles(req, res, next)) : next()));
  // Browsers ask for /favicon.ico wherever no page names an icon (the sitemap, feeds): point them at ours.
  app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));
  app.all('*', (req, res, next) =>
    entry.runWithRequestContext(req.id, async (context) => {
      res.locals.requestContext = context;
      try {
        const nonce = res.locals.cspNonce;
        const request = createRemixRequest(req, res);
        // Loaders and actions get the nonce, the WordPress client and the one purge of both caches
        // (app/lib/server/load-context.server.ts); /api/purge empties the page cache through it.
        const loadContext = entry.createLoadContext({
          cspNonce: nonce,
          clearPages: async () => {
            pageCache.clear();
            await purgeOtherWorkers();
          },
        });
        const render = () => (takesTurns(req) ? renders.run(() => handle(request, loadContext)) : handle(request, loadContext));
        let response;
        try {
          response = await pageCache.respond(request, render, { nonce });
        } catch (error) {
          if (!(error instanceof RenderRefusedError)) throw error;
          // Too busy to render in time: the page's last good copy for a signed-out visitor, else a
          // quick refusal that browsers and crawlers know to retry.
          res.locals.refusedForOverload = true;
          response = pageCache.stale(request, { signedOut: await entry.isSignedOut(request), nonce }) ?? overloaded();
        }
        // Read whole and compressed in one call (server/compress.mjs); kept pages come encoded already.
        const whole = await encodeWhole(response, req.headers['accept-encoding']);
        if (whole) sendWhole(res, whole);
        else await sendRemixResponse(res, response);
      } catch (error) {
        next(error);
      }
    }),
  );
  // The last resort: logged once with its stack, a plain 500 for the visitor.
  app.use((error, req, res, _next) => {
    logger.error({ err: error, reqId: req.id }, 'unhandled error');
    reporter?.capture(error, { reqId: req.id });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(500).set('Cache-Control', 'no-store').type('text/plain').send('Internal Server Error\n');
  });

  /** The answer to a request refused for overload: 503 with Retry-After, never kept by any cache. */
  function overloaded() {
    return new Response('<!doctype html><title>Busy</title><p>The site is busy right now. Please try again in a few seconds.</p>\n', {
      status: 503,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Retry-After': String(OVERLOAD_RETRY_AFTER_S),
      },
    });
  }

  const server = app.listen(config.port, host, () => {
    logger.info({ url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${config.port}`, publicUrl: config.publicUrl }, 'site listening');
    if (mode === 'development') broadcastDevReady(build);
  });

  drainOnSignals(server, {
    logger,
    onDrain: () => (draining = true),
    // Errors reported just before the stop still reach Sentry (at most 2 s more).
    onStopped: async () => reporter?.flush(2000),
  });
}
