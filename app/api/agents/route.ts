// GET /agents — bare array of the company's agents (D13: a page of it with ?limit=). POST /agents — create one. Creations honour Idempotency-Key.
import { bareJson, ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { idempotent } from '@/lib/api/idempotency';
import { agentInput } from '@/lib/schemas/agent';
import { listAnswer } from '@/lib/api/paging';
import { listPageQuery } from '@/lib/schemas/common';
import { createAgent, listAgentsJson, listAgentsPage } from '@/lib/server/agents';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('agents', {
  GET: async ({ actor, query, url }) => {
    const q = query(listPageQuery);
    return listAnswer(url, q, bareJson, () => listAgentsJson(actor, q.sector), (page) => listAgentsPage(actor, q.sector, page));
  },
  POST: async (ctx) => idempotent(ctx, async () => ok(await createAgent(ctx.actor, await ctx.body(agentInput)), 201)),
});
