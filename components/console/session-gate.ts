// Server-side checks the pages make before rendering (no token is validated here: the API
// does that on every call, and the console refreshes or signs out as needed).
import { cookies } from 'next/headers';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@/lib/api/session-cookie';

/** Whether the browser holds a session (an access or a refresh cookie). */
export async function hasSessionCookie(): Promise<boolean> {
  const jar = await cookies();
  return jar.has(ACCESS_COOKIE) || jar.has(REFRESH_COOKIE);
}
