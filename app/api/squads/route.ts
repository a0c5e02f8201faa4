// GET /squads — data: the company's squads (?sector= filter; D13: a page of it with ?limit=). POST /squads — create one from { squad }. Creations honour Idempotency-Key.
import { ok, okJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { listAnswer } from '@/lib/api/paging';
import { listPageQuery } from '@/lib/schemas/common';
import { idempotent } from '@/lib/api/idempotency';
import { squadInput } from '@/lib/schemas/squad';
import { createSquad, listSquadsJson, listSquadsPage } from '@/lib/server/squads';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('squads', {
  GET: async ({ actor, query, url }) => {
    const q = query(listPageQuery);
    return listAnswer(url, q, okJson, () => listSquadsJson(actor, q.sector), (page) => listSquadsPage(actor, q.sector, page));
  },
  POST: async (ctx) => idempotent(ctx, async () => ok(await createSquad(ctx.actor, (await ctx.body(squadInput)).squad), 201)),
});
