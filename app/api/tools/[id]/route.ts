// GET /tools/{id} — data: the tool, ETag its version. PUT — partial update, answers the full tool
// (ETag its new version). DELETE — 409 while an agent uses it. PUT and DELETE honour If-Match.
import { ok } from '@/lib/api/envelope';
import { detailJsonAnswer } from '@/lib/api/kinds';
import { kind } from '@/lib/kinds';
import { defineRoute } from '@/lib/api/route';
import { toolUpdateBody } from '@/lib/schemas/tool';
import { ifMatch, withVersionTag } from '@/lib/server/concurrency';
import { deleteTool, getToolJson, updateTool } from '@/lib/server/tools';
import { currentVersion } from '@/lib/server/versions';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('tools/[id]', {
  GET: async ({ actor, params }) => {
    const version = await currentVersion(actor.companyId, 'tools', params.id);
    return detailJsonAnswer(kind('tools'), await getToolJson(actor, params.id), version);
  },
  PUT: async ({ actor, params, body, req }) => {
    const input = await body(toolUpdateBody);
    const { value, version } = await updateTool(actor, params.id, input, ifMatch(req));
    return withVersionTag(ok(value), version);
  },
  DELETE: async ({ actor, params, req }) => ok(await deleteTool(actor, params.id, ifMatch(req))),
});
