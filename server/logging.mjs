// Structured logs: one JSON line per request (pino-http) and every console call of the app turned
// into a JSON line carrying the current request's id, so a visit can be followed from the access
// line to the app's own messages and on into WordPress's log (the same X-Request-Id is forwarded).
import crypto from 'node:crypto';
import util from 'node:util';
import pino from 'pino';
import pinoHttp from 'pino-http';

/** An incoming X-Request-Id is kept only when it is short and plain (it is echoed and logged). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

export function requestIdFor(req) {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/**
 * @param {{ level: string, currentRequestId: () => string | undefined, worker?: number | string }} options
 *   `worker`: the process's slot when the site runs several (server/cluster.mjs), on every line.
 */
export function createLogger({ level, currentRequestId, worker }) {
  return pino({
    level,
    base: worker === undefined ? { service: 'site' } : { service: 'site', worker },
    timestamp: pino.stdTimeFunctions.isoTime,
    // The app's own lines (console.*) name the request they belong to.
    mixin(mergeObject, _level, log) {
      // Lines that already name their request (the access log's child logger) keep theirs once.
      if ('reqId' in mergeObject || 'reqId' in log.bindings()) return {};
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
  });
}

/**
 * Routes console.* through the logger, so nothing the app prints is unstructured; an Error printed
 * with console.error also goes to `onError` (the optional error reporter).
 * @param {import('pino').Logger} logger
 * @param {{ onError?: (error: Error) => void }} [options]
 */
export function captureConsole(logger, { onError } = {}) {
  const forward =
    (level) =>
    (...args) => {
      const error = args.find((a) => a instanceof Error);
      const rest = args.filter((a) => a !== error);
      const msg = rest.length ? util.format(...rest) : error?.message;
      if (error) logger[level]({ err: error }, msg);
      else logger[level](msg);
      // Remix's handleError reports server errors with console.error: they reach the reporter here.
      if (error && level === 'error') onError?.(error);
    };
  console.error = forward('error');
  console.warn = forward('warn');
  console.info = forward('info');
  console.log = forward('info');
  console.debug = forward('debug');
}

/**
 * The access log: one line per request with its method, path (no query: it may hold what visitors
 * typed), status, duration, request id, page cache HIT/MISS and the WordPress calls it made. The
 * request id is also echoed in the response. `res.locals.requestContext` (set by server.mjs) holds
 * the WordPress counts.
 */
export function accessLog(logger) {
  const summary = (req, res, responseTime) => {
    const context = res.locals?.requestContext;
    return {
      reqId: req.id,
      method: req.method,
      path: (req.originalUrl ?? req.url).split('?')[0],
      status: res.statusCode,
      ms: responseTime,
      cache: res.getHeader('x-page-cache') ?? null,
      wpCalls: context?.wordpressCalls ?? 0,
      wpMs: Math.round(context?.wordpressMs ?? 0),
    };
  };
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const id = requestIdFor(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // No child bindings: each line is the summary below (which names the request itself).
    quietReqLogger: false,
    quietResLogger: false,
    serializers: { req: () => undefined, res: () => undefined },
    customLogLevel(_req, res, err) {
      // A refusal for overload is the site working as meant (server.mjs sets the mark): a warning,
      // so a crowd of them does not bury real errors.
      if (!err && res.locals?.refusedForOverload) return 'warn';
      if (err || res.statusCode >= 500) return 'error';
      return 'info';
    },
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (req, res, value) => summary(req, res, value.responseTime),
    // An error's stack is logged once, where it was caught (Remix's handleError or the Express
    // error handler); the access line only says the request failed.
    customErrorObject: (req, res, _error, value) => summary(req, res, value.responseTime),
  });
}
