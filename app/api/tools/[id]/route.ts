// GET /tools/{id} — data: the tool. PUT — partial update, answers the full tool. DELETE — 409 while an agent uses it.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { toolUpdateBody } from '@/lib/schemas/tool';
import { deleteTool, getToolJson, updateTool } from '@/lib/server/tools';
import { detailJsonAnswer } from '@/lib/api/kinds';
import { kind } from '@/lib/kinds';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>({
  GET: async ({ actor, params }) => detailJsonAnswer(kind('tools'), await getToolJson(actor.companyId, params.id)),
  PUT: async ({ actor, params, body }) => ok(await updateTool(actor, params.id, await body(toolUpdateBody))),
  DELETE: async ({ actor, params }) => ok(await deleteTool(actor, params.id)),
});
