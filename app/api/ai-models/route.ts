// GET /ai-models — `status: "ok"`, the company's models (environment from the GET body or the query string, sector filter; D13: a page of it with ?limit=). POST — create; 201 `{ status: "OK", id }`.
import { createdTopLevelId, okLowerJson } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { listAnswer } from '@/lib/api/paging';
import { aiModelCreateBody, environmentListQuery } from '@/lib/schemas/ai-model';
import { createModel, listModelsJson, listModelsPage } from '@/lib/server/ai-models';
import { checkEnvironment, requestEnvironment } from '@/lib/api/environment';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (ctx) => {
    const { sector, query } = await requestEnvironment(ctx, environmentListQuery);
    const { companyId } = ctx.actor;
    return listAnswer(ctx.url, query, okLowerJson, () => listModelsJson(companyId, sector), (page) => listModelsPage(companyId, sector, page));
  },
  POST: async ({ actor, body }) => {
    const { model, environment } = await body(aiModelCreateBody);
    const { sector } = checkEnvironment(actor, environment);
    return createdTopLevelId((await createModel(actor, model, sector)).id);
  },
});
