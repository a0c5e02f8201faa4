// GET /tools — data: the company's tools (?sector=). POST /tools — body { tool }, 201 data: { id }.
import { ok, okJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { listQuery } from '@/lib/schemas/common';
import { toolCreateBody } from '@/lib/schemas/tool';
import { createTool, listToolsJson } from '@/lib/server/tools';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async ({ actor, query }) => okJson(await listToolsJson(actor.companyId, query(listQuery).sector)),
  POST: async ({ actor, body }) => ok(await createTool(actor, (await body(toolCreateBody)).tool), 201),
});
