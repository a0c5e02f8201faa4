// What the custom server (server.ts) does to every request before Next.js sees it: the security
// headers of every answer, and the requests under /api that Next.js would answer with a plain
// text 500 or its HTML 404 page (a method it does not know, a path that is not valid
// percent-encoding, dot segments, the bare /api), answered here in the API's error envelope.
import { ApiError } from '../lib/errors';

/** The methods the API's routes answer (HEAD as GET without the body); OPTIONS, TRACE and the rest are 405 here. */
const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOW = 'GET, POST, PUT, PATCH, DELETE';

/**
 * The page's scripts and styles come from this origin; Next.js writes inline bootstrap scripts
 * (hence 'unsafe-inline', see docs/decisions/010), React Flow and the components inline styles.
 * No page may be framed, no plugin loaded, no form posted elsewhere.
 */
export function contentSecurityPolicy(dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every answer carries, pages and API alike; HSTS only when the client came over https. */
export function securityHeaders(options: { dev: boolean; https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options.dev),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  if (options.https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

const MAX_PATH = 8192;

/**
 * GET (or HEAD) /api/health, the liveness probe, is answered here, before Next.js (decision 105):
 * it says the process answers, reads nothing and checks nothing (docs/decisions/024), so it need
 * not wait behind the framework's work of every other request in flight. Under 64 busy clients
 * on SQLite a probe routed through Next.js waited ~90 ms at the median; a load balancer that
 * times out must not take a busy but healthy instance out. Other methods still reach the route
 * (its 405 envelope); /api/health/ready, which asks the database, still goes through Next.js.
 */
export function isLivenessProbe(method: string | undefined, rawUrl: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const url = rawUrl ?? '';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path === '/api/health' || path === '/api/health/';
}

/**
 * The error to answer for a request under /api that must not reach Next.js, or null to pass it
 * on. Works on the raw request line, in linear time.
 */
export function apiPrecheck(method: string | undefined, rawUrl: string | undefined): ApiError | null {
  const url = rawUrl ?? '/';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (path !== '/api' && !path.startsWith('/api/')) return null;
  if (!ROUTED_METHODS.has(method ?? '')) {
    return new ApiError('method', `Method not allowed; use ${ALLOW}`, undefined, { allow: ALLOW });
  }
  if (path.length > MAX_PATH) return new ApiError('not_found', 'No such endpoint');
  const segments = path.split('/').slice(2);
  // `/api//agents` would be redirected by Next.js; a trailing slash is taken as none.
  if (segments.slice(0, -1).some((s) => s === '')) return new ApiError('not_found', 'No such endpoint');
  for (const segment of segments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return new ApiError('malformed', 'The request path is not valid percent-encoding');
    }
    if (decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\')) {
      return new ApiError('not_found', 'No such endpoint');
    }
  }
  if (segments.length === 0 || segments.every((s) => s === '')) return new ApiError('not_found', 'No such endpoint');
  return null;
}
