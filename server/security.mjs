// The site's HTTP edges, in front of everything else in server.mjs:
// - security headers on every response (helmet), with a Content-Security-Policy whose script-src
//   allows only our own files and the inline scripts carrying this response's nonce;
// - one public origin: a form or API POST must come from PUBLIC_URL (cross-site → 403), and every
//   request is rendered as if addressed to PUBLIC_URL's host, so no page ever shows a Host header a
//   client chose;
// - a malformed address answers 400 before any route sees it.
import crypto from 'node:crypto';
import helmet from 'helmet';

/** A fresh, unguessable nonce for one response (base64url: allowed in a CSP nonce and an attribute). */
export function newNonce() {
  return crypto.randomBytes(18).toString('base64url');
}

/**
 * Whether the request came over https: directly, or per the first X-Forwarded-Proto when the site
 * trusts its proxies (anyone could write that header otherwise).
 */
export function isHttps(req, trustProxy) {
  if (req.socket.encrypted) return true;
  if (trustProxy <= 0) return false;
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim()
    .toLowerCase();
  return proto === 'https';
}

/**
 * The security headers, and `res.locals.cspNonce` for the renderer.
 * @param {{ mediaOrigins: string[], trustProxy: number }} options
 */
export function securityHeaders({ mediaOrigins, trustProxy }) {
  const nonce = (_req, res) => `'nonce-${res.locals.cspNonce}'`;
  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce],
        scriptSrcAttr: ["'none'"],
        // React writes style="" attributes (a few computed widths and transforms) and the slider sets
        // styles: inline styles are allowed, inline scripts never are.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Car photos, the WeChat QR code and video posters are WordPress uploads.
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Sent by hand below, only when the request came over https.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Pages embed WordPress's images, which send no CORP header of their own.
    crossOriginEmbedderPolicy: false,
  });
  return (req, res, next) => {
    res.locals.cspNonce = newNonce();
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    if (isHttps(req, trustProxy)) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    policy(req, res, next);
  };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A state-changing request sent by a browser from another site: its Origin is not the public
 * origin, or the browser itself says so (Sec-Fetch-Site: cross-site), or, where a client sent no
 * Origin, its Referer is a page of another origin. Requests with none of these headers (WordPress's
 * purge call, scripts, curl) are server-to-server and stay allowed; browsers send Origin on a POST.
 */
export function isCrossSite(req, publicOrigin) {
  if (!UNSAFE_METHODS.has(req.method)) return false;
  if (String(req.headers['sec-fetch-site'] ?? '').toLowerCase() === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) {
    const referer = req.headers.referer;
    if (referer === undefined || referer === '') return false;
    return originOf(referer) !== publicOrigin;
  }
  // "null": a sandboxed frame, a file: page or a redirect chain across sites.
  return origin !== publicOrigin;
}

/** The origin of an absolute address, or null for anything that is not one. */
function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * 403 for cross-site state changes, 400 for an address that cannot be decoded, and the Host header
 * replaced by PUBLIC_URL's host (a forwarded host dropped) on everything that goes on.
 * @param {{ publicOrigin: string }} options
 */
export function originGuard({ publicOrigin }) {
  const publicHost = new URL(publicOrigin).host;
  return (req, res, next) => {
    if (!wellFormedPath(req.originalUrl)) {
      res.status(400).type('text/plain').send('Bad request: the address is malformed.\n');
      return;
    }
    if (isCrossSite(req, publicOrigin)) {
      res.setHeader('Cache-Control', 'no-store');
      if (req.path.startsWith('/api/')) res.status(403).json({ success: false, message: 'Cross-site requests are not allowed.' });
      else res.status(403).type('text/plain').send('Forbidden: this form can only be sent from this site.\n');
      return;
    }
    req.headers.host = publicHost;
    delete req.headers['x-forwarded-host'];
    next();
  };
}

/** Whether every percent-escape in the path and query decodes (a lone "%" or "%zz" does not). */
export function wellFormedPath(url) {
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}
