// POST /session/sign-out — retires the session's tokens and clears its cookies; answers { signedOut: true }.
import { ok } from '@/lib/api/envelope';
import { definePublicRoute } from '@/lib/api/route';
import { signOut } from '@/lib/server/users';
import { accessCookie, assertConsoleRequest, refreshCookie, withClearedCookies } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('session/sign-out', {
  POST: async ({ req }) => {
    assertConsoleRequest(req);
    await signOut({ accessToken: accessCookie(req), refreshToken: refreshCookie(req) });
    return withClearedCookies(req, ok({ signedOut: true }));
  },
});
