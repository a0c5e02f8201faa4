// GET /agents — bare array of the company's agents. POST /agents — create one.
import { bareJson, ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { agentInput } from '@/lib/schemas/agent';
import { listQuery } from '@/lib/schemas/common';
import { createAgent, listAgentsJson } from '@/lib/server/agents';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async ({ actor, query }) => bareJson(await listAgentsJson(actor.companyId, query(listQuery).sector)),
  POST: async ({ actor, body }) => ok(await createAgent(actor, await body(agentInput)), 201),
});
