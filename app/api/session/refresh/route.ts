// POST /session/refresh — rotates the refresh cookie into a new cookie pair; answers { expiresIn }.
import { ok } from '@/lib/api/envelope';
import { ApiError } from '@/lib/errors';
import { definePublicRoute, handleError } from '@/lib/api/route';
import { recordFailure } from '@/lib/server/auth/rate-limit';
import { rotateRefreshToken } from '@/lib/server/auth/tokens';
import { assertConsoleRequest, refreshCookie, withClearedCookies, withSessionCookies } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('session/refresh', {
  POST: async ({ req, remoteAddress }) => {
    assertConsoleRequest(req);
    const refreshToken = refreshCookie(req);
    if (!refreshToken) throw new ApiError('unauthorized', 'No session: sign in');
    const tokens = await rotateRefreshToken(refreshToken);
    if (!tokens) {
      let error: unknown = new ApiError('unauthorized', 'Session expired or signed out: sign in again');
      try {
        await recordFailure(remoteAddress);
      } catch (limited) {
        error = limited;
      }
      // A refused refresh (a rate-limited one too) clears the cookies, so the browser stops sending them.
      return withClearedCookies(req, handleError(error));
    }
    return withSessionCookies(req, ok({ expiresIn: tokens.expiresIn }), tokens);
  },
});
