// GET /tools — data: the company's tools (?sector=; D13: a page of it with ?limit=). POST /tools — body { tool }, 201 data: { id }. Creations honour Idempotency-Key.
import { ok, okJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { listAnswer } from '@/lib/api/paging';
import { listPageQuery } from '@/lib/schemas/common';
import { idempotent } from '@/lib/api/idempotency';
import { toolCreateBody } from '@/lib/schemas/tool';
import { createTool, listToolsJson, listToolsPage } from '@/lib/server/tools';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('tools', {
  GET: async ({ actor, query, url }) => {
    const q = query(listPageQuery);
    return listAnswer(url, q, okJson, () => listToolsJson(actor, q.sector), (page) => listToolsPage(actor, q.sector, page));
  },
  POST: async (ctx) => idempotent(ctx, async () => ok(await createTool(ctx.actor, (await ctx.body(toolCreateBody)).tool), 201)),
});
