// Where a request came from, as the browser saw it: the scheme (a proxy's x-forwarded-proto
// first) and the Host header. Used for cookies' Secure flag and for links built without PUBLIC_URL.

export function isHttps(req: Request): boolean {
  const forwarded = req.headers.get('x-forwarded-proto')?.split(',')[0].trim().toLowerCase();
  return forwarded ? forwarded === 'https' : new URL(req.url).protocol === 'https:';
}

/** `http(s)://host[:port]` of the request. */
export function requestOrigin(req: Request): string {
  const host = req.headers.get('host')?.trim();
  return host ? `${isHttps(req) ? 'https' : 'http'}://${host}` : new URL(req.url).origin;
}
