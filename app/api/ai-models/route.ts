// GET /ai-models — `status: "ok"`, the company's models (environment from the GET body or the query string, sector filter). POST — create; 201 `{ status: "OK", id }`. Creations honour Idempotency-Key.
import { createdTopLevelId, okLowerJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { idempotent } from '@/lib/server/idempotency';
import { aiModelCreateBody, environmentSchema } from '@/lib/schemas/ai-model';
import { createModel, listModelsJson } from '@/lib/server/ai-models';
import { checkEnvironment, requestEnvironment } from '@/lib/server/ai-models/environment';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (ctx) => {
    const { sector } = await requestEnvironment(ctx, environmentSchema);
    return okLowerJson(await listModelsJson(ctx.actor.companyId, sector));
  },
  POST: async (ctx) =>
    idempotent(ctx, async () => {
      const { model, environment } = await ctx.body(aiModelCreateBody);
      const { sector } = checkEnvironment(ctx.actor, environment);
      return createdTopLevelId((await createModel(ctx.actor, model, sector)).id);
    }),
});
