// Invitations and password-reset links (D11): single-use secrets, valid 72 hours, shown once as
// a link. The API routes and the console's Members, Accept and Reset-password forms import these.
import { z } from 'zod';
import { email, password } from './auth';
import { dateTime, sectors, stringArray, text } from './common';
import { role } from './members';

/** POST /invitations. */
export const invitationCreate = z.object({ email, role, sectors: sectors.optional() });
export type InvitationCreateInput = z.output<typeof invitationCreate>;

/** A pending invitation as listed (never its secret). */
export const invitationRecord = z.object({
  id: z.string(),
  email: z.string(),
  role,
  sectors: stringArray,
  expiresAt: dateTime,
  createdAt: dateTime,
});
export type InvitationRecord = z.output<typeof invitationRecord>;

/** GET /invitations: the pending ones. */
export const invitationList = z.object({ items: z.array(invitationRecord) });

/** Whether the link was also e-mailed (only when SMTP_URL is set). */
const emailed = z.boolean().describe('True when the link was also sent by e-mail (SMTP_URL set)');

/** POST /invitations and POST /invitations/{id}/resend: the invitation and its link, shown this once. */
export const createdInvitationRecord = invitationRecord.omit({ createdAt: true }).extend({
  url: z.string().describe('The link holding the single-use secret (`?token=`); answered only here'),
  emailed,
});
export type CreatedInvitationRecord = z.output<typeof createdInvitationRecord>;

/** POST /members/{id}/reset-password: the single-use reset link, shown this once. */
export const resetLinkRecord = z.object({ url: z.string(), expiresAt: dateTime, emailed });
export type ResetLinkRecord = z.output<typeof resetLinkRecord>;

const token = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');

/** POST /invitations/accept. */
export const invitationAccept = z.object({ token, name: text(200), password });
export type InvitationAcceptInput = z.output<typeof invitationAccept>;

/** POST /session/reset-password. */
export const passwordReset = z.object({ token, password });
export type PasswordResetInput = z.output<typeof passwordReset>;
