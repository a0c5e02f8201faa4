// GET /ai-models — `status: "ok"`, the company's models (environment from the GET body or the query string, sector filter; D13: a page of it with ?limit=). POST — create; 201 `{ status: "OK", id }`. Creations honour Idempotency-Key.
import { createdTopLevelId, okLowerJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { listAnswer } from '@/lib/api/paging';
import { aiModelCreateBody, environmentListQuery } from '@/lib/schemas/ai-model';
import { createModel, listModelsJson, listModelsPage } from '@/lib/server/ai-models';
import { checkEnvironment, requestEnvironment } from '@/lib/api/environment';
import { idempotent } from '@/lib/api/idempotency';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('ai-models', {
  GET: async (ctx) => {
    const { sector, query } = await requestEnvironment(ctx, environmentListQuery);
    const { actor } = ctx;
    return listAnswer(ctx.url, query, okLowerJson, () => listModelsJson(actor, sector), (page) => listModelsPage(actor, sector, page));
  },
  POST: async (ctx) =>
    idempotent(ctx, async () => {
      const { model, environment } = await ctx.body(aiModelCreateBody);
      const { sector } = checkEnvironment(ctx.actor, environment);
      return createdTopLevelId((await createModel(ctx.actor, model, sector)).id);
    }),
});
