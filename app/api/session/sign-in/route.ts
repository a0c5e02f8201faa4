// POST /session/sign-in — { email, password } → session cookies and { user, company, actor, expiresIn }; 401 alike for unknown email and wrong password.
import { ok } from '@/lib/api/envelope';
import { ApiError } from '@/lib/api/errors';
import { definePublicRoute } from '@/lib/api/route';
import { signIn } from '@/lib/schemas/auth';
import { recordFailure } from '@/lib/server/auth/rate-limit';
import { signInWithPassword } from '@/lib/server/users';
import { assertConsoleRequest, withSessionCookies } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute({
  POST: async ({ req, body, remoteAddress }) => {
    assertConsoleRequest(req);
    const signedIn = await signInWithPassword(await body(signIn));
    if (!signedIn) {
      recordFailure(remoteAddress);
      throw new ApiError('unauthorized', 'Wrong email or password');
    }
    return withSessionCookies(req, ok({ ...signedIn.session, expiresIn: signedIn.tokens.expiresIn }), signedIn.tokens);
  },
});
