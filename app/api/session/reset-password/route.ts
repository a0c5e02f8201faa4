// POST /session/reset-password — { token, password }: sets the member's password from a reset link,
// ends every session of the member, and signs it in, answering exactly like POST /session/sign-in.
// A used, revoked or expired link is a 400 that changes nothing and counts as a failed credential.
import { definePublicRoute } from '@/lib/api/route';
import { passwordReset } from '@/lib/schemas/invitations';
import { resetPassword } from '@/lib/server/invitations';
import { linkSignIn } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('session/reset-password', {
  POST: linkSignIn('reset', passwordReset, resetPassword),
});
