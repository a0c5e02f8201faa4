// DELETE /invitations/{id} — revokes a pending invitation: its link stops working; answers the invitation.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { revokeInvitation } from '@/lib/server/invitations';
import { managerOf } from '@/lib/server/members';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('invitations/[id]', {
  DELETE: async ({ actor, params }) => ok(await revokeInvitation(managerOf(actor), params.id)),
});
