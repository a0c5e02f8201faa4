// The handlers of the four version routes of every kind (decision 013), defined once: the route
// files app/api/<kind>/[id]/versions/… pass them to defineRoute. Answers use the `{ status: "OK", data }` envelope, but a restore answers the
// resource exactly as its kind's detail GET does.
import { ok, okLower } from '../../api/envelope';
import { invalidField } from '../../api/errors';
import type { RouteContext } from '../../api/route';
import { diffQuery, versionNumber, versionsQuery } from '../../schemas/version';
import type { SquadRecord } from '../../schemas/squad';
import { ifMatch, withVersionTag } from '../concurrency';
import { diffOfVersions, getVersion, listVersions, type VersionKind } from './index';
import { restoreVersion } from './restore';

function pathVersion(n: string): number {
  const parsed = versionNumber.safeParse(n);
  if (!parsed.success) throw invalidField('n', parsed.error.issues[0].message);
  return parsed.data;
}

/** GET /api/{kind}/{id}/versions — `{ items, next }`, newest first. */
export const versionListHandler =
  (kind: VersionKind) =>
  async ({ actor, params, query }: RouteContext<{ id: string }>) =>
    ok(await listVersions(actor.companyId, kind, params.id, query(versionsQuery)));

/** GET /api/{kind}/{id}/versions/{n} — `{ version, action, responsible, responsibleId, date, state }`. */
export const versionDetailHandler =
  (kind: VersionKind) =>
  async ({ actor, params }: RouteContext<{ id: string; n: string }>) =>
    ok(await getVersion(actor.companyId, kind, params.id, pathVersion(params.n)));

/** GET /api/{kind}/{id}/versions/diff?from=&to= — lib/versions/diff.ts's answer. */
export const versionDiffHandler =
  (kind: VersionKind) =>
  async ({ actor, params, query }: RouteContext<{ id: string }>) => {
    const { from, to } = query(diffQuery);
    return ok(await diffOfVersions(actor.companyId, kind, params.id, from, to));
  };

/** POST /api/{kind}/{id}/versions/{n}/restore — honours `If-Match: "<current version>"`. */
export const versionRestoreHandler =
  (kind: VersionKind) =>
  async ({ actor, params, req }: RouteContext<{ id: string; n: string }>) => {
    const n = pathVersion(params.n);
    const expected = ifMatch(req);
    const restored = await restoreVersion(actor, kind, params.id, n, expected);
    switch (kind) {
      case 'agents':
        return ok({ Agent: restored });
      case 'squads':
        return withVersionTag(ok(restored), (restored as SquadRecord).version);
      case 'ai-models':
        return okLower(restored);
      default:
        return ok(restored);
    }
  };
