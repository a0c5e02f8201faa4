// GET /squads — data: the company's squads (?sector= filter). POST /squads — create one from { squad }. Creations honour Idempotency-Key.
import { ok, okJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { idempotent } from '@/lib/server/idempotency';
import { listQuery } from '@/lib/schemas/common';
import { squadInput } from '@/lib/schemas/squad';
import { createSquad, listSquadsJson } from '@/lib/server/squads';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async ({ actor, query }) => okJson(await listSquadsJson(actor.companyId, query(listQuery).sector)),
  POST: async (ctx) => idempotent(ctx, async () => ok(await createSquad(ctx.actor, (await ctx.body(squadInput)).squad), 201)),
});
