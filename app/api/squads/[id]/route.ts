// GET /squads/{id} — data: the squad, ETag its version. PUT — full replace from { squad }, honouring
// If-Match (stale → 409); a refused change of an existing squad is recorded. DELETE — data: { id }, honouring If-Match.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { squadInput } from '@/lib/schemas/squad';
import { ifMatch, withVersionTag } from '@/lib/server/concurrency';
import { deleteSquad, getSquad, recordingRefusal, replaceSquad } from '@/lib/server/squads';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('squads/[id]', {
  GET: async ({ actor, params }) => {
    const squad = await getSquad(actor, params.id);
    return withVersionTag(ok(squad), squad.version);
  },
  PUT: async ({ actor, params, body, req }) => {
    const squad = await recordingRefusal(actor, params.id, 'update', async () => {
      const versions = ifMatch(req);
      return replaceSquad(actor, params.id, (await body(squadInput)).squad, versions);
    });
    return withVersionTag(ok(squad), squad.version);
  },
  DELETE: async ({ actor, params, req }) => ok(await deleteSquad(actor, params.id, ifMatch(req))),
});
