// GET /squads/{id}/bundle — data: the squad's bundle document (decision 014): the squad, its agents,
// their tools, knowledge bases and AI models, with local refs instead of ids and no provider key.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { exportSquadBundle } from '@/lib/server/bundles';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('squads/[id]/bundle', {
  GET: async ({ actor, params }) => ok(await exportSquadBundle(actor, params.id)),
});
