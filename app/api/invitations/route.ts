// GET /invitations — the pending invitations (never their secrets); POST — { email, role, sectors? } → 201 with the link, shown this once (D11).
import { ok } from '@/lib/api/envelope';
import { requestOrigin } from '@/lib/api/origin';
import { defineRoute } from '@/lib/api/route';
import { invitationCreate } from '@/lib/schemas/invitations';
import { createInvitation, listInvitations } from '@/lib/server/invitations';
import { managerOf } from '@/lib/server/members';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('invitations', {
  GET: async ({ actor }) => ok({ items: await listInvitations(managerOf(actor)) }),
  POST: async ({ req, actor, body }) => ok(await createInvitation(managerOf(actor), await body(invitationCreate), requestOrigin(req)), 201),
});
