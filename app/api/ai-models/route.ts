// GET /ai-models — `status: "ok"`, the company's models (environment from the GET body or the query string, sector filter). POST — create; 201 `{ status: "OK", id }`.
import { createdTopLevelId, okLowerJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { aiModelCreateBody, environmentSchema } from '@/lib/schemas/ai-model';
import { createModel, listModelsJson } from '@/lib/server/ai-models';
import { checkEnvironment, requestEnvironment } from '@/lib/api/environment';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (ctx) => {
    const { sector } = await requestEnvironment(ctx, environmentSchema);
    return okLowerJson(await listModelsJson(ctx.actor.companyId, sector));
  },
  POST: async ({ actor, body }) => {
    const { model, environment } = await body(aiModelCreateBody);
    const { sector } = checkEnvironment(actor, environment);
    return createdTopLevelId((await createModel(actor, model, sector)).id);
  },
});
