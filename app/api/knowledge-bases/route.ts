// GET /knowledge-bases — data: the company's knowledge bases (?sector=; D13: a page of it with ?limit=). POST — body { knowledgeBase, filename }, 201 data: { id }. Creations honour Idempotency-Key.
import { ok, okJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { listAnswer } from '@/lib/api/paging';
import { listPageQuery } from '@/lib/schemas/common';
import { idempotent } from '@/lib/api/idempotency';
import { knowledgeBaseBody } from '@/lib/schemas/knowledge-base';
import { createKnowledgeBase, listKnowledgeBasesJson, listKnowledgeBasesPage } from '@/lib/server/knowledge-bases';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('knowledge-bases', {
  GET: async ({ actor, query, url }) => {
    const q = query(listPageQuery);
    return listAnswer(url, q, okJson, () => listKnowledgeBasesJson(actor, q.sector), (page) => listKnowledgeBasesPage(actor, q.sector, page));
  },
  POST: async (ctx) => idempotent(ctx, async () => ok(await createKnowledgeBase(ctx.actor, await ctx.body(knowledgeBaseBody)), 201)),
});
