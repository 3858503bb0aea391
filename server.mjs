// Production and local server: Express serving the Remix build, static assets with long caching.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import { broadcastDevReady, installGlobals } from '@remix-run/node';
import compression from 'compression';
import express from 'express';

installGlobals();

const here = path.dirname(fileURLToPath(import.meta.url));
// Same BUILD_DIR convention as remix.config.js.
const out = process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : here;
const buildPath = path.join(out, 'build', 'index.js');
const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || '0.0.0.0';

const build = await import(pathToFileURL(buildPath).href);

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
app.all('*', createRequestHandler({ build, mode }));

const server = app.listen(port, host, () => {
  console.log(`site listening on http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`);
  if (mode === 'development') broadcastDevReady(build);
});

const shutdown = () => server.close(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
