// GET /{kind} — data: the kind's records (?sector=; D13: a page of it with ?limit=). POST /{kind} — 201 data: { id }; honours
// Idempotency-Key. For every kind without route files of its own (lib/kinds `ownRoutes`; decision 103); an unknown kind is a 404.
import { defineRoute } from '@/lib/api/route';
import { createHandler, listHandler } from '@/lib/api/kind-routes';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ kind: string }>('[kind]', {
  GET: listHandler,
  POST: createHandler,
});
