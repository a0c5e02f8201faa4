// GET /knowledge-bases/{id} — data: the record, ETag its version. PUT — body { knowledgeBase, filename },
// full replace (ETag its new version). DELETE — 409 while an agent uses it. PUT and DELETE honour If-Match.
import { ok } from '@/lib/api/envelope';
import { detailJsonAnswer } from '@/lib/api/kinds';
import { kind } from '@/lib/kinds';
import { defineRoute } from '@/lib/api/route';
import { knowledgeBaseBody } from '@/lib/schemas/knowledge-base';
import { ifMatch, withVersionTag } from '@/lib/server/concurrency';
import { deleteKnowledgeBase, getKnowledgeBaseJson, replaceKnowledgeBase } from '@/lib/server/knowledge-bases';
import { currentVersion } from '@/lib/server/versions';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('knowledge-bases/[id]', {
  GET: async ({ actor, params }) => {
    const version = await currentVersion(actor.companyId, 'knowledge-bases', params.id);
    return detailJsonAnswer(kind('knowledge-bases'), await getKnowledgeBaseJson(actor, params.id), version);
  },
  PUT: async ({ actor, params, body, req }) => {
    const input = await body(knowledgeBaseBody);
    const { value, version } = await replaceKnowledgeBase(actor, params.id, input, ifMatch(req));
    return withVersionTag(ok(value), version);
  },
  DELETE: async ({ actor, params, req }) => ok(await deleteKnowledgeBase(actor, params.id, ifMatch(req))),
});
