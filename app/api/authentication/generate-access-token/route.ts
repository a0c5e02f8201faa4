// GET /authentication/generate-access-token — `authorization: ApiKey <key>` → idToken, refreshToken, expiresIn, userId.
import { ok } from '@/lib/api/envelope';
import { ApiError } from '@/lib/errors';
import { definePublicRoute } from '@/lib/api/route';
import { recordFailure } from '@/lib/server/auth/rate-limit';
import { tokensForApiKey } from '@/lib/server/auth/tokens';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('authentication/generate-access-token', {
  GET: async ({ req, remoteAddress }) => {
    const header = req.headers.get('authorization')?.trim() ?? '';
    const match = /^apikey\s+(\S+)$/i.exec(header);
    if (!match) throw new ApiError('unauthorized', 'Missing credential: send the header "authorization: ApiKey <API_KEY>"');
    const tokens = await tokensForApiKey(match[1]);
    if (!tokens) {
      await recordFailure(remoteAddress);
      throw new ApiError('unauthorized', 'Invalid or revoked API key');
    }
    return ok(tokens);
  },
});
