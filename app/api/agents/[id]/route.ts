// GET /agents/{id} — data: { Agent }. PUT — full replace. DELETE — 409 while a squad uses it.
import { ok } from '@/lib/api/envelope';
import { detailJsonAnswer } from '@/lib/api/kinds';
import { kind } from '@/lib/kinds';
import { defineRoute } from '@/lib/api/route';
import { agentInput } from '@/lib/schemas/agent';
import { deleteAgent, getAgentJson, replaceAgent } from '@/lib/server/agents';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>({
  GET: async ({ actor, params }) => detailJsonAnswer(kind('agents'), await getAgentJson(actor.companyId, params.id)),
  PUT: async ({ actor, params, body }) => ok(await replaceAgent(actor, params.id, await body(agentInput))),
  DELETE: async ({ actor, params }) => ok(await deleteAgent(actor, params.id)),
});
