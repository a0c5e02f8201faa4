// POST /members/{id}/reset-password — a single-use link for the member to set a new password: 201 { url, expiresAt, emailed } (D11).
import { ok } from '@/lib/api/envelope';
import { requestOrigin } from '@/lib/api/origin';
import { defineRoute } from '@/lib/api/route';
import { issueResetLink } from '@/lib/server/invitations';
import { managerOf } from '@/lib/server/members';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('members/[id]/reset-password', {
  POST: async ({ req, actor, params }) => ok(await issueResetLink(managerOf(actor), params.id, requestOrigin(req)), 201),
});
