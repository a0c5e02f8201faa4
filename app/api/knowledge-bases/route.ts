// GET /knowledge-bases — data: the company's knowledge bases (?sector=; D13: a page of it with ?limit=). POST — body { knowledgeBase, filename }, 201 data: { id }.
import { ok, okJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { listAnswer } from '@/lib/api/paging';
import { listPageQuery } from '@/lib/schemas/common';
import { knowledgeBaseBody } from '@/lib/schemas/knowledge-base';
import { createKnowledgeBase, listKnowledgeBasesJson, listKnowledgeBasesPage } from '@/lib/server/knowledge-bases';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async ({ actor, query, url }) => {
    const q = query(listPageQuery);
    return listAnswer(url, q, okJson, () => listKnowledgeBasesJson(actor.companyId, q.sector), (page) => listKnowledgeBasesPage(actor.companyId, q.sector, page));
  },
  POST: async ({ actor, body }) => ok(await createKnowledgeBase(actor, await body(knowledgeBaseBody)), 201),
});
