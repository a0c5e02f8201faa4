// POST /invitations/accept — { token, name, password }: creates the invited member and signs it in,
// answering exactly like POST /session/sign-in. A used, revoked or expired link is a 400 that
// creates nothing, and counts as a failed credential of the client's address (D2, decision 009).
import { definePublicRoute } from '@/lib/api/route';
import { invitationAccept } from '@/lib/schemas/invitations';
import { acceptInvitation } from '@/lib/server/invitations';
import { linkSignIn } from '../../session/cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('invitations/accept', {
  POST: linkSignIn('invite', invitationAccept, acceptInvitation),
});
