// POST /session/reset-password — { token, password }: sets the member's password from a reset link,
// ends every session of the member, and signs it in, answering exactly like POST /session/sign-in.
// A used, revoked or expired link is a 400 that changes nothing and counts as a failed credential.
import { definePublicRoute } from '@/lib/api/route';
import { passwordReset } from '@/lib/schemas/invitations';
import { countedAttempt } from '@/lib/server/auth/rate-limit';
import { invalidLink, resetPassword } from '@/lib/server/invitations';
import { assertConsoleRequest, signedInAnswer } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('session/reset-password', {
  POST: async ({ req, body, remoteAddress }) => {
    assertConsoleRequest(req);
    const input = await body(passwordReset);
    const signedIn = await countedAttempt([{ scope: 'address', key: remoteAddress }], () => resetPassword(input));
    if (!signedIn) throw invalidLink('reset');
    return signedInAnswer(req, signedIn);
  },
});
