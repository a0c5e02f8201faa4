// DELETE /api-keys/{id} — revokes the key and every token issued for it; answers the revoked record.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { activityActorOf } from '@/lib/server/activity';
import { revokeApiKey } from '@/lib/server/companies';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('api-keys/[id]', {
  DELETE: async ({ actor, params }) => ok(await revokeApiKey(actor, params.id, activityActorOf(actor))),
});
