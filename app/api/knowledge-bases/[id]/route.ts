// GET /knowledge-bases/{id} — data: the record. PUT — body { knowledgeBase, filename }, full replace. DELETE — 409 while an agent uses it.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { knowledgeBaseBody } from '@/lib/schemas/knowledge-base';
import { deleteKnowledgeBase, getKnowledgeBaseJson, replaceKnowledgeBase } from '@/lib/server/knowledge-bases';
import { detailJsonAnswer } from '@/lib/api/kinds';
import { kind } from '@/lib/kinds';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>({
  GET: async ({ actor, params }) => detailJsonAnswer(kind('knowledge-bases'), await getKnowledgeBaseJson(actor.companyId, params.id)),
  PUT: async ({ actor, params, body }) => ok(await replaceKnowledgeBase(actor, params.id, await body(knowledgeBaseBody))),
  DELETE: async ({ actor, params }) => ok(await deleteKnowledgeBase(actor, params.id)),
});
