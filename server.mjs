// Production and local server: Express serving the Remix build, static assets with long caching.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// The adapter's own request/response conversion (exported by its server module, not its index), so
// the page cache can sit between the Express request and Remix's handler. Pinned version: 2.17.5.
import expressAdapter from '@remix-run/express/dist/server.js';
import { broadcastDevReady, createRequestHandler, installGlobals } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { createPageCache } from './server/page-cache.mjs';

installGlobals();

const here = path.dirname(fileURLToPath(import.meta.url));
// Same BUILD_DIR convention as remix.config.js.
const out = process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : here;
const buildPath = path.join(out, 'build', 'index.js');
const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || '0.0.0.0';

const build = await import(pathToFileURL(buildPath).href);
const handle = createRequestHandler(build, mode);
const { createRemixRequest, sendRemixResponse } = expressAdapter;

// Whole pages for anonymous visitors (server/page-cache.mjs). PAGE_CACHE_TTL caps how long, in
// seconds; 0 turns it off. Off in development, where every request should render the code as it is.
const ttlSetting = process.env.PAGE_CACHE_TTL ?? (mode === 'development' ? '0' : '60');
const pageCacheTtl = Number(ttlSetting);
if (!Number.isFinite(pageCacheTtl) || pageCacheTtl < 0) throw new Error(`PAGE_CACHE_TTL must be a number of seconds, got "${ttlSetting}"`);
// Must match SESSION_COOKIE in app/lib/session.server.ts.
const pageCache = createPageCache({ sessionCookie: '__session', maxTtlMs: pageCacheTtl * 1000 });

const app = express();
app.disable('x-powered-by');
// A Remix Request carries no socket, so the peer's address reaches the app (visitor.server.ts, which
// forwards it to WordPress for per-visitor flood limits) in this header, overwritten on every
// request so a client can never supply it.
app.use((req, _res, next) => {
  req.headers['x-site-peer-ip'] = req.socket.remoteAddress ?? '';
  next();
});
app.use(compression());
// Fingerprinted bundles never change under the same name.
app.use('/build', express.static(path.join(out, 'public', 'build'), { immutable: true, maxAge: '1y' }));
app.use(express.static(path.join(here, 'public'), { maxAge: '1h' }));
// Browsers ask for /favicon.ico wherever no page names an icon (the sitemap, feeds): point them at ours.
app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));
app.all('*', async (req, res, next) => {
  try {
    const request = createRemixRequest(req, res);
    const response = await pageCache.respond(request, () => handle(request));
    // WordPress changed the catalogue: the pages that show it go too.
    if (req.method === 'POST' && req.path === '/api/purge' && response.ok) pageCache.clear();
    await sendRemixResponse(res, response);
  } catch (error) {
    next(error);
  }
});

const server = app.listen(port, host, () => {
  console.log(`site listening on http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`);
  if (mode === 'development') broadcastDevReady(build);
});

const shutdown = () => server.close(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
