// The handlers of the shared routes of a kind (decision 103): GET and POST /api/{kind}, GET, PUT and
// DELETE /api/{kind}/{id} and GET /api/{kind}/history, defined once for every kind without route
// files of its own (lib/kinds `ownRoutes`), dispatched through its server entry (lib/server/kinds).
// The route files app/api/[kind]/… pass them to defineRoute; Next matches a kind's own route files
// (app/api/agents/…) before these. Default shapes: `{ status: "OK", data }`, the detail's ETag its
// version, PUT and DELETE honouring If-Match, creations Idempotency-Key.
import 'server-only';
import type { Kind, KindDef } from '../kinds';
import { listPageQuery } from '../schemas/common';
import { versionsQuery } from '../schemas/version';
import { ifMatch, withVersionTag } from '../server/concurrency';
import { KIND_STORES, type KindStore, type SharedRoutes } from '../server/kinds';
import { currentVersion, listKindHistory } from '../server/versions';
import { ok, okJson } from './envelope';
import { idempotent } from './idempotency';
import { detailJsonAnswer, noSuchEndpoint, pathKind } from './kinds';
import { listAnswer } from './paging';
import type { RouteContext } from './route';

type Params = { kind: string };

/** The kind of the `[kind]` segment with its server entry; the 404 any unknown path answers for a kind the shared routes do not serve. */
function shared(segment: string): { kind: Kind; store: KindStore; routes: SharedRoutes } {
  const kind = pathKind(segment);
  const store: KindStore & { routes?: SharedRoutes } = KIND_STORES[kind.key];
  if ((kind as KindDef).ownRoutes || !store.routes) throw noSuchEndpoint();
  return { kind, store, routes: store.routes };
}

/** GET /api/{kind} — the list (`?sector=`; D13: a page of it with `?limit=`). */
export const listHandler = async ({ actor, params, query, url }: RouteContext<Params>) => {
  const { store } = shared(params.kind);
  const q = query(listPageQuery);
  return listAnswer(url, q, okJson, () => store.listJson(actor, q.sector), (page) => store.listPage(actor, q.sector, page));
};

/** POST /api/{kind} — 201 `{ id }`; honours Idempotency-Key. */
export const createHandler = async (ctx: RouteContext<Params>) => {
  const { store, routes } = shared(ctx.params.kind);
  return idempotent(ctx, async () => ok(await routes.create(ctx.actor, (await ctx.body(store.schemas.create)) as never), 201));
};

/** GET /api/{kind}/{id} — the record, ETag its version (read first: never newer than the record). */
export const detailHandler = async ({ actor, params }: RouteContext<Params & { id: string }>) => {
  const { kind, routes } = shared(params.kind);
  const version = await currentVersion(actor.companyId, kind.key, params.id);
  return detailJsonAnswer(kind, await routes.detailJson(actor, params.id), version);
};

/** PUT /api/{kind}/{id} — the updated record, ETag its new version; honours If-Match. */
export const updateHandler = async ({ actor, params, body, req }: RouteContext<Params & { id: string }>) => {
  const { store, routes } = shared(params.kind);
  const input = (await body(store.schemas.update)) as never;
  const { value, version } = await routes.update(actor, params.id, input, ifMatch(req));
  return withVersionTag(ok(value), version);
};

/** DELETE /api/{kind}/{id} — `{ id }`; 409 while something uses it; honours If-Match. */
export const deleteHandler = async ({ actor, params, req }: RouteContext<Params & { id: string }>) => {
  const { routes } = shared(params.kind);
  return ok(await routes.remove(actor, params.id, ifMatch(req)));
};

/** GET /api/{kind}/history — every change of the kind in the company, newest first, paged (decision 057). */
export const historyHandler = async ({ actor, params, query }: RouteContext<Params>) => {
  const { kind } = shared(params.kind);
  return ok(await listKindHistory(actor, kind.key, query(versionsQuery)));
};
