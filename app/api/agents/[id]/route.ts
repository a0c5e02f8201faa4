// GET /agents/{id} — data: { Agent }, ETag its version. PUT — full replace (answers the agent, ETag
// its new version). DELETE — 409 while a squad uses it. PUT and DELETE honour If-Match (stale → 409).
import { ok } from '@/lib/api/envelope';
import { detailJsonAnswer } from '@/lib/api/kinds';
import { kind } from '@/lib/kinds';
import { defineRoute } from '@/lib/api/route';
import { agentInput } from '@/lib/schemas/agent';
import { deleteAgent, getAgentJson, replaceAgent } from '@/lib/server/agents';
import { ifMatch, withVersionTag } from '@/lib/server/concurrency';
import { currentVersion } from '@/lib/server/versions';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('agents/[id]', {
  GET: async ({ actor, params }) => {
    const version = await currentVersion(actor.companyId, 'agents', params.id);
    return detailJsonAnswer(kind('agents'), await getAgentJson(actor, params.id), version);
  },
  PUT: async ({ actor, params, body, req }) => {
    const input = await body(agentInput);
    const { value, version } = await replaceAgent(actor, params.id, input, ifMatch(req));
    return withVersionTag(ok(value), version);
  },
  DELETE: async ({ actor, params, req }) => ok(await deleteAgent(actor, params.id, ifMatch(req))),
});
