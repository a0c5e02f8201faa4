// POST /invitations/{id}/resend — a new link (new secret, 72 hours more); the old link dies. Answers like the creation.
import { ok } from '@/lib/api/envelope';
import { requestOrigin } from '@/lib/api/origin';
import { defineRoute } from '@/lib/api/route';
import { resendInvitation } from '@/lib/server/invitations';
import { managerOf } from '@/lib/server/members';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('invitations/[id]/resend', {
  POST: async ({ req, actor, params }) => ok(await resendInvitation(managerOf(actor), params.id, requestOrigin(req))),
});
