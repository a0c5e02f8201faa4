// The console's session: tokens live in httpOnly cookies, never in the browser's scripts.
// A cookie only counts when the request also carries the `x-requested-with: console` header,
// which a cross-site form or image cannot send (CSRF guard).
export const ACCESS_COOKIE = 'aoc_session';
export const REFRESH_COOKIE = 'aoc_refresh';
/** Marks a browser that signed in to an account before (decision 009); sent to /api/session only. */
export const DEVICE_COOKIE = 'aoc_device';
export const CONSOLE_HEADER = 'x-requested-with';
export const CONSOLE_HEADER_VALUE = 'console';

export function readCookie(req: Request, name: string): string | null {
  const header = req.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    // A value that is not valid percent-encoding cannot be one we set: no cookie (401, not 500).
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

export function sessionAccessToken(req: Request): string | null {
  if (req.headers.get(CONSOLE_HEADER) !== CONSOLE_HEADER_VALUE) return null;
  return readCookie(req, ACCESS_COOKIE);
}
