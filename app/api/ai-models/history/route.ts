// GET /ai-models/history — `status: "ok"`, `data: { items, next }`: the company's model changes, keyset-paged.
import { okLower } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { historyQuery } from '@/lib/schemas/ai-model';
import { requestEnvironment } from '@/lib/api/environment';
import { modelHistoryPage } from '@/lib/server/ai-models/history';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('ai-models/history', {
  GET: async (ctx) => {
    const { sector, query } = await requestEnvironment(ctx, historyQuery);
    return okLower(await modelHistoryPage(ctx.actor, query, { sector }));
  },
});
