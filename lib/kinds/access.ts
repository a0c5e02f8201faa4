// Who may do what (D11), client-safe: the one table of what every API route needs, the role
// order, and the sector rule. The route wrapper (lib/api/route.ts) enforces the table; the store
// (lib/server/store) applies the sector rule to every query; the console reads both to hide or
// disable what a person cannot do; the permission-matrix test generates its expectations here.
import { findKind, KINDS, ROLES, type KindDef, type KindKey, type OwnRoutesKey, type Role, type Verb } from './index';

export { ROLES, type Role };

/** What a route method needs: no credential, a role, or the role a kind declares for a verb (`[kind]`: the URL's kind). */
export type Need = 'public' | Role | { kind: KindKey | '[kind]'; verb: Verb };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RouteNeeds = Readonly<Partial<Record<Method, Need>>>;

type KindRoute = OwnRoutesKey | '[kind]';

/** A kind's list, detail and history routes (`[kind]`: the shared ones), with what its registry entry says each verb needs. */
const crud = <K extends KindRoute>(kind: K): Record<K | `${K}/[id]` | `${K}/history`, RouteNeeds> =>
  ({
    [kind]: { GET: { kind, verb: 'read' }, POST: { kind, verb: 'create' } } satisfies RouteNeeds,
    [`${kind}/[id]`]: { GET: { kind, verb: 'read' }, PUT: { kind, verb: 'update' }, DELETE: { kind, verb: 'delete' } } satisfies RouteNeeds,
    [`${kind}/history`]: { GET: { kind, verb: 'read' } } satisfies RouteNeeds,
  }) as Record<K | `${K}/[id]` | `${K}/history`, RouteNeeds>;

/**
 * The list, detail and history routes of every kind, from the registry: the shared `[kind]` ones,
 * and those of the kinds with route files of their own (`ownRoutes`). A new kind adds nothing here.
 */
const KIND_ROUTES = Object.assign(
  crud('[kind]'),
  ...KINDS.filter((k) => (k as KindDef).ownRoutes).map((k) => crud(k.key as OwnRoutesKey)),
) as ReturnType<typeof crud<KindRoute>>;

/**
 * Every route under app/api (its folder below app/api) and what each of its methods needs. A
 * route file names its entry (`defineRoute('agents/[id]', …)`); a method without an entry cannot
 * be defined, and tests/unit/route-access.test.ts fails for a route file missing from here.
 */
export const ROUTE_NEEDS = {
  ...KIND_ROUTES,
  'agents/[id]/enable': { PUT: { kind: 'agents', verb: 'enable' } },
  'squads/[id]/enable': { PUT: { kind: 'squads', verb: 'enable' } },
  'squads/[id]/bundle': { GET: { kind: 'squads', verb: 'read' } },
  'tools/availables': { GET: { kind: 'tools', verb: 'read' } },
  'knowledge-bases/[id]/file': { GET: { kind: 'knowledge-bases', verb: 'read' }, PUT: { kind: 'knowledge-bases', verb: 'upload' } },
  'ai-models/[id]/history': { GET: { kind: 'ai-models', verb: 'read' } },
  'ai-models/providers': { GET: { kind: 'ai-models', verb: 'read' } },
  '[kind]/[id]/usage': { GET: { kind: '[kind]', verb: 'read' } },
  '[kind]/[id]/versions': { GET: { kind: '[kind]', verb: 'read' } },
  '[kind]/[id]/versions/[n]': { GET: { kind: '[kind]', verb: 'read' } },
  '[kind]/[id]/versions/diff': { GET: { kind: '[kind]', verb: 'read' } },
  '[kind]/[id]/versions/[n]/restore': { POST: { kind: '[kind]', verb: 'restore' } },
  'bundles/import': { POST: 'editor' },
  'api-keys': { GET: 'admin', POST: 'admin' },
  'api-keys/[id]': { DELETE: 'admin' },
  'api-keys/[id]/roll': { POST: 'admin' },
  members: { GET: 'viewer' },
  'members/[id]': { PUT: 'admin', DELETE: 'admin' },
  'members/[id]/reset-password': { POST: 'admin' },
  invitations: { GET: 'admin', POST: 'admin' },
  'invitations/[id]': { DELETE: 'admin' },
  'invitations/[id]/resend': { POST: 'admin' },
  'invitations/accept': { POST: 'public' },
  activity: { GET: 'admin' },
  'activity/settings': { GET: 'admin', PUT: 'admin' },
  company: { GET: 'viewer', PUT: 'owner' },
  session: { GET: 'viewer' },
  'session/password': { PUT: 'viewer' },
  'session/profile': { PUT: 'viewer' },
  'session/reset-password': { POST: 'public' },
  'session/refresh': { POST: 'public' },
  'session/setup': { GET: 'public', POST: 'public' },
  'session/sign-in': { POST: 'public' },
  'session/sign-out': { POST: 'public' },
  'authentication/generate-access-token': { GET: 'public' },
  'authentication/refresh-token': { POST: 'public' },
  health: { GET: 'public' },
  'health/ready': { GET: 'public' },
  'openapi.json': { GET: 'public' },
  // Unknown paths: 401 without a credential, else the 404 envelope.
  '[...path]': { GET: 'viewer', POST: 'viewer', PUT: 'viewer', PATCH: 'viewer', DELETE: 'viewer' },
} as const satisfies Record<string, RouteNeeds>;

export type RoutePath = keyof typeof ROUTE_NEEDS;

const ROUTES = new Map<string, RouteNeeds>(Object.entries(ROUTE_NEEDS));

/** The entry of a route folder (request data never indexes the table: a Map). */
export const routeNeeds = (path: string): RouteNeeds | undefined => ROUTES.get(path);

/** The role a need asks for (`kindParam`: the URL's kind for `[kind]` routes; unknown kinds need viewer, then 404). */
export function roleNeeded(need: Exclude<Need, 'public'>, kindParam?: string): Role {
  if (typeof need === 'string') return need;
  const kind = findKind(need.kind === '[kind]' ? (kindParam ?? '') : need.kind);
  return kind ? kind.roles[need.verb] : 'viewer';
}

const RANK = new Map<Role, number>(ROLES.map((role, i) => [role, i]));

/** Whether `have` is `need` or above it (owner > admin > editor > viewer). */
export const atLeast = (have: Role, need: Role): boolean => (RANK.get(have) ?? -1) >= (RANK.get(need) ?? Infinity);

export const isRole = (value: unknown): value is Role => typeof value === 'string' && RANK.has(value as Role);

/** Whether a kind's verb is open to `role` (the console hides or disables what is not). */
export const mayDo = (role: Role, kind: KindKey, verb: Verb): boolean => atLeast(role, roleNeeded({ kind, verb }));

// --- Sectors (D11) -------------------------------------------------------------------------------
// A caller's sectors: [] = the whole company. A resource's sectors: the ones it belongs to.

/** Whether a caller limited to `callerSectors` sees a resource of `sectors`. */
export function seesSectors(callerSectors: readonly string[], sectors: readonly string[]): boolean {
  if (!callerSectors.length) return true;
  return sectors.some((s) => callerSectors.includes(s));
}

/** The first of `sectors` outside the caller's, or '' when a resource of `sectors` may be written by it ('' = none: no sectors and a limited caller). */
export function sectorOutside(callerSectors: readonly string[], sectors: readonly string[]): string | null {
  if (!callerSectors.length) return null;
  if (!sectors.length) return '';
  return sectors.find((s) => !callerSectors.includes(s)) ?? null;
}
