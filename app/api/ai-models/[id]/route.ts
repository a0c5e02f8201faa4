// GET /ai-models/{id} — `status: "ok"`, one model, ETag its version. PUT — partial update (ETag its new
// version). DELETE — 409 while an agent uses it (environment from the query string only). PUT and
// DELETE honour If-Match.
import { ok } from '@/lib/api/envelope';
import { detailJsonAnswer } from '@/lib/api/kinds';
import { kind } from '@/lib/kinds';
import { defineRoute } from '@/lib/api/route';
import { aiModelUpdateBody, environmentSchema } from '@/lib/schemas/ai-model';
import { deleteModel, getModelJson, updateModel } from '@/lib/server/ai-models';
import { checkEnvironment, requestEnvironment } from '@/lib/api/environment';
import { ifMatch, withVersionTag } from '@/lib/server/concurrency';
import { currentVersion } from '@/lib/server/versions';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('ai-models/[id]', {
  GET: async (ctx) => {
    await requestEnvironment(ctx, environmentSchema);
    const version = await currentVersion(ctx.actor.companyId, 'ai-models', ctx.params.id);
    return detailJsonAnswer(kind('ai-models'), await getModelJson(ctx.actor, ctx.params.id), version);
  },
  PUT: async ({ actor, params, body, req }) => {
    const { model, environment } = await body(aiModelUpdateBody);
    const { sector } = checkEnvironment(actor, environment);
    const { value, version } = await updateModel(actor, params.id, model, sector, ifMatch(req));
    return withVersionTag(ok(value), version);
  },
  DELETE: async ({ actor, params, query, req }) => {
    checkEnvironment(actor, query(environmentSchema));
    return ok(await deleteModel(actor, params.id, ifMatch(req)));
  },
});
