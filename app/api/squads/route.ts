// GET /squads — data: the company's squads (?sector= filter). POST /squads — create one from { squad }.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { listQuery } from '@/lib/schemas/common';
import { squadInput } from '@/lib/schemas/squad';
import { createSquad, listSquads } from '@/lib/server/squads';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async ({ actor, query }) => ok(await listSquads(actor.companyId, query(listQuery).sector)),
  POST: async ({ actor, body }) => ok(await createSquad(actor, (await body(squadInput)).squad), 201),
});
