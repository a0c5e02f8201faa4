// GET /{kind}/{id} — data: the record, ETag its version. PUT — answers the updated record (ETag its new version). DELETE — 409
// while something uses it. PUT and DELETE honour If-Match. For every kind without route files of its own (decision 103).
import { defineRoute } from '@/lib/api/route';
import { deleteHandler, detailHandler, updateHandler } from '@/lib/api/kind-routes';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ kind: string; id: string }>('[kind]/[id]', {
  GET: detailHandler,
  PUT: updateHandler,
  DELETE: deleteHandler,
});
