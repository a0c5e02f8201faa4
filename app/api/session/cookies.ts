// Writing the console's session cookies (names and the CSRF rule live in lib/api/session-cookie.ts).
// All are HttpOnly, SameSite=Lax, Path=/ (the device cookie: Path=/api/session); Secure when the
// request came over https.
import { ApiError } from '@/lib/errors';
import { isHttps } from '@/lib/api/origin';
import { ACCESS_COOKIE, CONSOLE_HEADER, CONSOLE_HEADER_VALUE, DEVICE_COOKIE, REFRESH_COOKIE, readCookie } from '@/lib/api/session-cookie';
import { ok } from '@/lib/api/envelope';
import { accountKey, DEVICE_TTL_SECONDS, newDeviceToken, trustedDevice } from '@/lib/server/auth/device';
import { countedAttempt, type Bucket } from '@/lib/server/auth/rate-limit';
import type { IssuedTokens } from '@/lib/server/auth/tokens';
import type { SignedIn } from '@/lib/server/users';
import type { ZodType } from 'zod';
import type { PublicContext } from '@/lib/api/route';
import { invalidLink } from '@/lib/server/invitations';
import { REFRESH_TOKEN_TTL_SECONDS } from '@/lib/server/config';

function cookie(req: Request, name: string, value: string, maxAge: number, path = '/'): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${path}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax'];
  if (isHttps(req)) parts.push('Secure');
  return parts.join('; ');
}

/** Sets the access cookie (lives as long as the token) and the refresh cookie (30 days). */
export function withSessionCookies(req: Request, res: Response, tokens: IssuedTokens): Response {
  res.headers.append('set-cookie', cookie(req, ACCESS_COOKIE, tokens.idToken, tokens.expiresIn));
  res.headers.append('set-cookie', cookie(req, REFRESH_COOKIE, tokens.refreshToken, REFRESH_TOKEN_TTL_SECONDS));
  return res;
}

/** Sets the device cookie (180 days) after a successful password sign-in or setup (decision 009). */
export function withDeviceCookie(req: Request, res: Response, deviceToken: string): Response {
  res.headers.append('set-cookie', cookie(req, DEVICE_COOKIE, deviceToken, DEVICE_TTL_SECONDS, '/api/session'));
  return res;
}

export function withClearedCookies(req: Request, res: Response): Response {
  res.headers.append('set-cookie', cookie(req, ACCESS_COOKIE, '', 0));
  res.headers.append('set-cookie', cookie(req, REFRESH_COOKIE, '', 0));
  return res;
}

/** The session endpoints act on cookies, so they demand the console header (CSRF guard). */
export function assertConsoleRequest(req: Request): void {
  if (req.headers.get(CONSOLE_HEADER) !== CONSOLE_HEADER_VALUE) {
    throw new ApiError('unauthorized', `Session requests must send the header "${CONSOLE_HEADER}: ${CONSOLE_HEADER_VALUE}"`);
  }
}

export const refreshCookie = (req: Request): string | null => readCookie(req, REFRESH_COOKIE);
export const accessCookie = (req: Request): string | null => readCookie(req, ACCESS_COOKIE);
export const deviceCookie = (req: Request): string | null => readCookie(req, DEVICE_COOKIE);

/**
 * The answer of a password sign-in, and of what answers exactly like it (setup, accepting an
 * invitation, a password reset): the session with the access cookie's lifetime, the session
 * cookies, and the device cookie of the person's account (decision 009).
 */
export function signedInAnswer(req: Request, signedIn: SignedIn, status = 200): Response {
  const res = withSessionCookies(req, ok({ ...signedIn.session, expiresIn: signedIn.tokens.expiresIn }, status), signedIn.tokens);
  return withDeviceCookie(req, res, newDeviceToken(accountKey(signedIn.session.user?.email ?? '')));
}

/**
 * What a password attempt on `email`'s account counts against (decision 009): the trusted
 * browser's device bucket, else the client's address and the account.
 */
export function passwordBuckets(req: Request, email: string, address: string): Bucket[] {
  const account = accountKey(email);
  const device = trustedDevice(deviceCookie(req), account);
  return device
    ? [{ scope: 'device', key: device }]
    : [
        { scope: 'address', key: address },
        { scope: 'account', key: account },
      ];
}

/**
 * The POST of a link sent to a person (an invitation, a password reset): `use` spends the link of
 * the body (read with `schema`) and signs the person in, answered like POST /session/sign-in. A
 * used, revoked or expired link is a 400 that changes nothing and counts as a failed credential of
 * the client's address (D2, decision 009).
 */
export function linkSignIn<T>(kind: 'invite' | 'reset', schema: ZodType<T>, use: (input: T) => Promise<SignedIn | null>) {
  return async ({ req, body, remoteAddress }: PublicContext): Promise<Response> => {
    assertConsoleRequest(req);
    const input = await body(schema);
    const signedIn = await countedAttempt([{ scope: 'address', key: remoteAddress }], () => use(input));
    if (!signedIn) throw invalidLink(kind);
    return signedInAnswer(req, signedIn);
  };
}
