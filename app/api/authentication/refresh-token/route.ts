// POST /authentication/refresh-token — { refreshToken } → a new token pair; the old refresh token is retired.
import { ok } from '@/lib/api/envelope';
import { ApiError } from '@/lib/errors';
import { definePublicRoute } from '@/lib/api/route';
import { refreshBody } from '@/lib/schemas/auth';
import { recordFailure } from '@/lib/server/auth/rate-limit';
import { rotateRefreshToken } from '@/lib/server/auth/tokens';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('authentication/refresh-token', {
  POST: async ({ body, remoteAddress }) => {
    const { refreshToken } = await body(refreshBody);
    const tokens = await rotateRefreshToken(refreshToken);
    if (!tokens) {
      await recordFailure(remoteAddress);
      throw new ApiError('unauthorized', 'Invalid, used, expired or revoked refresh token');
    }
    return ok(tokens);
  },
});
