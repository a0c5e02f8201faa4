// GET /{kind}/history — every change of the kind in the company, newest first, paged (decision 057). For every kind without
// route files of its own (decision 103).
import { defineRoute } from '@/lib/api/route';
import { historyHandler } from '@/lib/api/kind-routes';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ kind: string }>('[kind]/history', {
  GET: historyHandler,
});
