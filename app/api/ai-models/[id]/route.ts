// GET /ai-models/{id} — `status: "ok"`, one model. PUT — partial update. DELETE — 409 while an agent uses it (environment from the query string only).
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { aiModelUpdateBody, environmentSchema } from '@/lib/schemas/ai-model';
import { deleteModel, getModelJson, updateModel } from '@/lib/server/ai-models';
import { detailJsonAnswer } from '@/lib/api/kinds';
import { kind } from '@/lib/kinds';
import { checkEnvironment, requestEnvironment } from '@/lib/api/environment';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>({
  GET: async (ctx) => {
    await requestEnvironment(ctx, environmentSchema);
    return detailJsonAnswer(kind('ai-models'), await getModelJson(ctx.actor.companyId, ctx.params.id));
  },
  PUT: async ({ actor, params, body }) => {
    const { model, environment } = await body(aiModelUpdateBody);
    const { sector } = checkEnvironment(actor, environment);
    return ok(await updateModel(actor, params.id, model, sector));
  },
  DELETE: async ({ actor, params, query }) => {
    checkEnvironment(actor, query(environmentSchema));
    return ok(await deleteModel(actor, params.id));
  },
});
