// GET /agents — bare array of the company's agents. POST /agents — create one. Creations honour Idempotency-Key.
import { bareJson, ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { idempotent } from '@/lib/server/idempotency';
import { agentInput } from '@/lib/schemas/agent';
import { listQuery } from '@/lib/schemas/common';
import { createAgent, listAgentsJson } from '@/lib/server/agents';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async ({ actor, query }) => bareJson(await listAgentsJson(actor.companyId, query(listQuery).sector)),
  POST: async (ctx) => idempotent(ctx, async () => ok(await createAgent(ctx.actor, await ctx.body(agentInput)), 201)),
});
