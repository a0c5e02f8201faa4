// The handlers of the four version routes of every kind (decision 013), defined once: the route
// files app/api/[kind]/[id]/versions/… pass them to defineRoute. Answers use the `{ status: "OK",
// data }` envelope, but a restore answers the resource exactly as its kind's detail GET does.
import 'server-only';
import { restoreVersion } from '../server/kinds/restore';
import { ifMatch } from '../server/concurrency';
import { invalidField } from '../errors';
import { diffQuery, versionNumber, versionsQuery } from '../schemas/version';
import { diffOfVersions, getVersion, listVersions } from '../server/versions';
import { ok } from './envelope';
import { detailAnswer, pathKind } from './kinds';
import type { RouteContext } from './route';

type Params = { kind: string; id: string };

function pathVersion(n: string): number {
  const parsed = versionNumber.safeParse(n);
  if (!parsed.success) throw invalidField('n', parsed.error.issues[0].message);
  return parsed.data;
}

/** GET /api/{kind}/{id}/versions — `{ items, next }`, newest first. */
export const versionListHandler = async ({ actor, params, query }: RouteContext<Params>) =>
  ok(await listVersions(actor, pathKind(params.kind).key, params.id, query(versionsQuery)));

/** GET /api/{kind}/{id}/versions/{n} — `{ version, action, responsible, responsibleId, date, state }`. */
export const versionDetailHandler = async ({ actor, params }: RouteContext<Params & { n: string }>) =>
  ok(await getVersion(actor, pathKind(params.kind).key, params.id, pathVersion(params.n)));

/** GET /api/{kind}/{id}/versions/diff?from=&to= — lib/versions/diff.ts's answer. */
export const versionDiffHandler = async ({ actor, params, query }: RouteContext<Params>) => {
  const kind = pathKind(params.kind);
  const { from, to } = query(diffQuery);
  return ok(await diffOfVersions(actor, kind.key, params.id, from, to));
};

/** POST /api/{kind}/{id}/versions/{n}/restore — honours `If-Match: "<current version>"`. */
export const versionRestoreHandler = async ({ actor, params, req }: RouteContext<Params & { n: string }>) => {
  const kind = pathKind(params.kind);
  const n = pathVersion(params.n);
  const expected = ifMatch(req);
  return detailAnswer(kind, await restoreVersion(actor, kind.key, params.id, n, expected));
};
