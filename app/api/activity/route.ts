// GET /api/activity — who did what (D12): one page newest first (`{ items, next }`), or with
// `?format=csv|jsonl` every matching event, streamed.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { activityQuery } from '@/lib/schemas/activity';
import { EXPORT_CONTENT_TYPES, exportActivity, listActivity } from '@/lib/server/activity-log';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('activity', {
  GET: async ({ actor, query }) => {
    const q = query(activityQuery);
    if (q.format === 'csv' || q.format === 'jsonl') {
      const day = new Date().toISOString().slice(0, 10);
      return new Response(exportActivity(actor, q, q.format), {
        headers: {
          'content-type': EXPORT_CONTENT_TYPES[q.format],
          'content-disposition': `attachment; filename="activity-${day}.${q.format}"`,
          'cache-control': 'no-store',
        },
      });
    }
    return ok(await listActivity(actor, q));
  },
});
