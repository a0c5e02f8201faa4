// GET /tools — data: the company's tools (?sector=). POST /tools — body { tool }, 201 data: { id }. Creations honour Idempotency-Key.
import { ok, okJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { idempotent } from '@/lib/server/idempotency';
import { listQuery } from '@/lib/schemas/common';
import { toolCreateBody } from '@/lib/schemas/tool';
import { createTool, listToolsJson } from '@/lib/server/tools';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async ({ actor, query }) => okJson(await listToolsJson(actor.companyId, query(listQuery).sector)),
  POST: async (ctx) => idempotent(ctx, async () => ok(await createTool(ctx.actor, (await ctx.body(toolCreateBody)).tool), 201)),
});
