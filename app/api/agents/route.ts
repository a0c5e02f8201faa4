// GET /agents — bare array of the company's agents (D13: a page of it with ?limit=). POST /agents — create one.
import { bareJson, ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { agentInput } from '@/lib/schemas/agent';
import { listAnswer } from '@/lib/api/paging';
import { listPageQuery } from '@/lib/schemas/common';
import { createAgent, listAgentsJson, listAgentsPage } from '@/lib/server/agents';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async ({ actor, query, url }) => {
    const q = query(listPageQuery);
    return listAnswer(url, q, bareJson, () => listAgentsJson(actor.companyId, q.sector), (page) => listAgentsPage(actor.companyId, q.sector, page));
  },
  POST: async ({ actor, body }) => ok(await createAgent(actor, await body(agentInput)), 201),
});
