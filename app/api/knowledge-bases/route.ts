// GET /knowledge-bases — data: the company's knowledge bases (?sector=). POST — body { knowledgeBase, filename }, 201 data: { id }. Creations honour Idempotency-Key.
import { ok, okJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { idempotent } from '@/lib/server/idempotency';
import { listQuery } from '@/lib/schemas/common';
import { knowledgeBaseBody } from '@/lib/schemas/knowledge-base';
import { createKnowledgeBase, listKnowledgeBasesJson } from '@/lib/server/knowledge-bases';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async ({ actor, query }) => okJson(await listKnowledgeBasesJson(actor.companyId, query(listQuery).sector)),
  POST: async (ctx) => idempotent(ctx, async () => ok(await createKnowledgeBase(ctx.actor, await ctx.body(knowledgeBaseBody)), 201)),
});
