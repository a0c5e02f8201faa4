// Server-side checks the pages make before rendering (no token is validated here: the API
// does that on every call, and the console refreshes or signs out as needed).
import { cookies, headers } from 'next/headers';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@/lib/api/session-cookie';
import { REQUESTED_PATH_HEADER, safeNext } from '@/lib/safe-next';

/** Whether the browser holds a session (an access or a refresh cookie). */
export async function hasSessionCookie(): Promise<boolean> {
  const jar = await cookies();
  return jar.has(ACCESS_COOKIE) || jar.has(REFRESH_COOKIE);
}

/**
 * The sign-in page, coming back afterwards to the page asked for (path and query, which server.ts
 * records on every request; only a path of this site, lib/safe-next.ts).
 */
export async function signInUrl(): Promise<string> {
  const asked = (await headers()).get(REQUESTED_PATH_HEADER) ?? undefined;
  const next = safeNext(asked);
  return next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`;
}
