// GET /tools — data: the company's tools (?sector=; D13: a page of it with ?limit=). POST /tools — body { tool }, 201 data: { id }.
import { ok, okJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { listAnswer } from '@/lib/api/paging';
import { listPageQuery } from '@/lib/schemas/common';
import { toolCreateBody } from '@/lib/schemas/tool';
import { createTool, listToolsJson, listToolsPage } from '@/lib/server/tools';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async ({ actor, query, url }) => {
    const q = query(listPageQuery);
    return listAnswer(url, q, okJson, () => listToolsJson(actor.companyId, q.sector), (page) => listToolsPage(actor.companyId, q.sector, page));
  },
  POST: async ({ actor, body }) => ok(await createTool(actor, (await body(toolCreateBody)).tool), 201),
});
