// PUT /members/{id} — { role?, sectors? } → the member; DELETE — removes it, answers it as it was.
// Both retire the member's tokens; the last owner cannot be demoted or removed (409). Who may
// manage whom: lib/server/members.ts.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { memberUpdate } from '@/lib/schemas/members';
import { managerOf, removeMember, updateMember } from '@/lib/server/members';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('members/[id]', {
  PUT: async ({ actor, params, body }) => ok(await updateMember(managerOf(actor), params.id, await body(memberUpdate))),
  DELETE: async ({ actor, params }) => ok(await removeMember(managerOf(actor), params.id)),
});
