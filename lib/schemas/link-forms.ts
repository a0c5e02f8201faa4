// The console's forms at an invitation or password reset link (app/accept, app/reset-password):
// the API's bodies (./invitations.ts) without the token, which comes from the link, and with the
// password typed again.
import { z } from 'zod';
import { CONFIRM_MISMATCH, confirmsPassword } from './auth';
import { invitationAccept, passwordReset } from './invitations';

export const acceptForm = invitationAccept.omit({ token: true }).extend({ confirmPassword: z.string() }).refine(confirmsPassword, CONFIRM_MISMATCH);
export type AcceptFormValues = z.input<typeof acceptForm>;

export const resetForm = passwordReset.omit({ token: true }).extend({ confirmPassword: z.string() }).refine(confirmsPassword, CONFIRM_MISMATCH);
