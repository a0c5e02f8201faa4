// POST /invitations/accept — { token, name, password }: creates the invited member and signs it in,
// answering exactly like POST /session/sign-in. A used, revoked or expired link is a 400 that
// creates nothing, and counts as a failed credential of the client's address (D2, decision 009).
import { definePublicRoute } from '@/lib/api/route';
import { invitationAccept } from '@/lib/schemas/invitations';
import { countedAttempt } from '@/lib/server/auth/rate-limit';
import { acceptInvitation, invalidLink } from '@/lib/server/invitations';
import { assertConsoleRequest, signedInAnswer } from '../../session/cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('invitations/accept', {
  POST: async ({ req, body, remoteAddress }) => {
    assertConsoleRequest(req);
    const input = await body(invitationAccept);
    const signedIn = await countedAttempt([{ scope: 'address', key: remoteAddress }], () => acceptInvitation(input));
    if (!signedIn) throw invalidLink('invite');
    return signedInAnswer(req, signedIn);
  },
});
