// GET /ai-models/{id}/history — `status: "ok"`, `data: { items, next }`: one model's changes, paged like /ai-models/history.
import { okLower } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { historyQuery } from '@/lib/schemas/ai-model';
import { requestEnvironment } from '@/lib/api/environment';
import { modelHistoryPage } from '@/lib/server/ai-models/history';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('ai-models/[id]/history', {
  GET: async (ctx) => {
    const { query } = await requestEnvironment(ctx, historyQuery);
    return okLower(await modelHistoryPage(ctx.actor, query, { modelId: ctx.params.id }));
  },
});
