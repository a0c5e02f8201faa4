// Resource versions (decision 013): every acknowledged change of an agent, squad, tool, knowledge
// base or AI model stores the resource's full state after the change, in the change's own
// transaction, written after the resource's own UPDATE/INSERT/DELETE so that on PostgreSQL the
// resource's lock (../concurrency) orders concurrent writers (their version numbers cannot collide;
// if they ever did, the unique index refuses the second and its whole change rolls back).
import { ApiError, invalidField, notFound } from '../../errors';
import { diffVersions, type VersionAction, type VersionDiff, type VersionKind } from '../../versions/diff';
import { referencedIds, type RefInfo } from '../../versions/refs';
import type { KindHistoryPage } from '../../schemas/version';
import { kind as registryKind } from '../../kinds';
import { activityActorOf, activityRow } from '../activity';
import { responsibleOf, stringArray } from '../actor';
import type { Actor } from '../auth/tokens';
import { db, type Tx } from '../db';
import { Prisma } from '../prisma-values';
import { insertSql, jsonColumn, type RowInsert } from '../store/sql';
import { assertVisible, isLimited, resourceVisible, visibleRow, type Scope } from '../store/scope';

export type { VersionAction, VersionKind };

export type VersionSummary = { version: number; action: string; responsible: string; responsibleId: string; date: string };
export type VersionDetail = VersionSummary & { state: unknown };
export type VersionPage = { items: VersionSummary[]; next: string };

/** What a 404 calls each kind (lib/kinds). */
const label = (kind: VersionKind) => registryKind(kind).title;

/** The latest version number of a resource, 0 when it has none. */
export async function latestVersion(tx: Tx, companyId: string, kind: VersionKind, resourceId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ version: number | bigint | null }[]>(
    Prisma.sql`SELECT max("version") AS "version" FROM "ResourceVersion" WHERE "companyId" = ${companyId} AND "kind" = ${kind} AND "resourceId" = ${resourceId}`,
  );
  return Number(row?.version ?? 0);
}

/**
 * The version a detail read's ETag names: read BEFORE the record, so that it is never newer than
 * the record answered with it (a change in between makes If-Match stale: a 409, never a lost update).
 */
export function currentVersion(companyId: string, kind: VersionKind, resourceId: string): Promise<number> {
  return latestVersion(db(), companyId, kind, resourceId);
}

export type RecordOptions = {
  /** The version number to write (squads and AI models: their own counter after the change); default latest + 1. */
  version?: number;
  /** When the change happened (default now): the same instant as the resource's own row. */
  date?: Date;
};

/** The stale-If-Match refusal, one wording for every kind. */
export function staleVersion(kind: VersionKind, current: number, expected: number | string): ApiError {
  return new ApiError(
    'conflict',
    `${label(kind)} was changed meanwhile: its version is ${current}, If-Match named ${expected}; reload it and try again`,
  );
}

/**
 * Stores `state` as the next version of resource `resourceId`, in the caller's transaction (call
 * it after the resource's own write). Answers the version number written.
 */
export async function recordVersion(
  tx: Tx,
  actor: Actor,
  kind: VersionKind,
  resourceId: string,
  action: VersionAction,
  state: object,
  options: RecordOptions = {},
): Promise<number> {
  // Writers of an existing resource hold its lock (../concurrency `lockResource`) from their first
  // statement: the latest version read here is still the latest at their commit.
  const version = options.version ?? (await latestVersion(tx, actor.companyId, kind, resourceId)) + 1;
  for (const statement of versionInserts(actor, kind, resourceId, version, action, state, options.date)) await tx.$executeRaw(statement);
  return version;
}

/**
 * The rows of one version and of its activity event (D12: the version's action, the resource's
 * name and sectors as of this change), inserted as plain statements (decision 026: Prisma's
 * createMany spent about 0.6 ms of CPU on one row), for `recordVersion` and for writes that batch
 * their rows (a bundle import, decision 095). Every change of every kind passes here, so every
 * change has its event, in the same transaction.
 */
export function versionRows(actor: Actor, kind: VersionKind, resourceId: string, version: number, action: VersionAction, state: object, date = new Date()): RowInsert[] {
  const { name, sectors } = state as { name?: unknown; sectors?: unknown };
  return [
    { table: 'ResourceVersion', row: { companyId: actor.companyId, kind, resourceId, version, action, state, ...responsibleOf(actor), date }, json: ['state'] },
    activityRow({
      companyId: actor.companyId,
      actor: activityActorOf(actor),
      action,
      kind,
      resourceId,
      resourceName: typeof name === 'string' ? name : undefined,
      version,
      sectors: stringArray(sectors),
      at: date,
    }),
  ];
}

/** The INSERTs of `versionRows`, one statement each. */
export function versionInserts(actor: Actor, kind: VersionKind, resourceId: string, version: number, action: VersionAction, state: object, date = new Date()) {
  return versionRows(actor, kind, resourceId, version, action, state, date).map(({ table, row, json }) => insertSql(table, [row], json));
}

/** The first versions written by `backfillVersions` (and nothing else) name this responsible. */
export const MIGRATION_RESPONSIBLE = { responsible: 'migration', responsibleId: 'migration' } as const;

// --- reads -----------------------------------------------------------------------------------

const badCursor = () => invalidField('last', 'is not a cursor from a previous "next"');

/** What a cursor counts: a version (`v`), a version row's place (`s`), an activity event's place (`a`). */
type CursorTag = 'v' | 's' | 'a';

export function encodeCursor(version: number, tag: CursorTag = 'v'): string {
  return Buffer.from(JSON.stringify([tag, version])).toString('base64url');
}

/** A cursor's number: a version (`v`), or a row's place in the company-wide history (`s`) or activity (`a`). */
export function decodeCursor(last: string, tag: CursorTag = 'v'): number {
  if (last.length > 100) throw badCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(last, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || parsed[0] !== tag) throw badCursor();
  const version = parsed[1];
  if (!Number.isInteger(version) || version < 1 || version > 2_147_483_647) throw badCursor();
  return version as number;
}

const summaryColumns = { version: true, action: true, responsible: true, responsibleId: true, date: true } as const;

function toSummary(row: { version: number; action: string; responsible: string; responsibleId: string; date: Date }): VersionSummary {
  return { version: row.version, action: row.action, responsible: row.responsible, responsibleId: row.responsibleId, date: row.date.toISOString() };
}

async function assertHasVersions(companyId: string, kind: VersionKind, resourceId: string): Promise<void> {
  const any = await db().resourceVersion.findFirst({ where: { companyId, kind, resourceId }, select: { seq: true } });
  if (!any) throw notFound(label(kind));
}

/** Newest first, keyset-paged on the version number (one indexed range read per page); 404 for a resource the scope does not see (decision 076). */
export async function listVersions(
  scope: Scope,
  kind: VersionKind,
  resourceId: string,
  query: { limit: number; last?: string },
): Promise<VersionPage> {
  const { companyId } = scope;
  const before = query.last ? decodeCursor(query.last) : undefined;
  await assertVisible(scope, kind, resourceId);
  const rows = await db().resourceVersion.findMany({
    where: { companyId, kind, resourceId, ...(before !== undefined ? { version: { lt: before } } : {}) },
    orderBy: { version: 'desc' },
    take: query.limit + 1,
    select: summaryColumns,
  });
  if (!rows.length && before === undefined) throw notFound(label(kind));
  if (!rows.length) await assertHasVersions(companyId, kind, resourceId);
  const page = rows.slice(0, query.limit);
  return { items: page.map(toSummary), next: rows.length > query.limit ? encodeCursor(page[page.length - 1].version) : '' };
}


/**
 * Every change of one kind in the company, newest first (GET /api/tools/history and
 * /api/knowledge-bases/history, decision 057): each version's summary with the resource's id and
 * its name as of that version (so a deleted resource is still named). Keyset-paged on the
 * version rows' insertion order.
 */
export async function listKindHistory(scope: Scope, kind: VersionKind, query: { limit: number; last?: string }): Promise<KindHistoryPage> {
  const before = query.last ? decodeCursor(query.last, 's') : undefined;
  const rows = isLimited(scope)
    ? await limitedKindHistory(scope, kind, before, query.limit + 1)
    : await db().resourceVersion.findMany({
        where: { companyId: scope.companyId, kind, ...(before !== undefined ? { seq: { lt: before } } : {}) },
        orderBy: { seq: 'desc' },
        take: query.limit + 1,
        select: { ...summaryColumns, seq: true, resourceId: true, state: true },
      });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => {
      const state = row.state as { name?: unknown } | null;
      return { id: String(row.seq), resourceId: row.resourceId, name: typeof state?.name === 'string' ? state.name : '', ...toSummary(row) } as KindHistoryPage['items'][number];
    }),
    next: rows.length > query.limit ? encodeCursor(page[page.length - 1].seq, 's') : '',
  };
}

type KindHistoryRow = { seq: number; version: number; action: string; responsible: string; responsibleId: string; date: Date; resourceId: string; state: unknown };

/**
 * A sector-limited caller's page of a kind's history (decision 076): the same rows, only those of
 * resources it sees (../store/scope `resourceVisible`), in one statement.
 */
async function limitedKindHistory(scope: Scope, kind: VersionKind, before: number | undefined, take: number): Promise<KindHistoryRow[]> {
  const after = before !== undefined ? Prisma.sql` AND v."seq" < ${before}` : Prisma.empty;
  const rows = await db().$queryRaw<KindHistoryRow[]>(Prisma.sql`
    SELECT v."seq", v."version", v."action", v."responsible", v."responsibleId", v."date", v."resourceId", v."state"
    FROM "ResourceVersion" v
    WHERE v."companyId" = ${scope.companyId} AND v."kind" = ${kind}${after} AND ${resourceVisible(scope, kind, Prisma.raw('v."resourceId"'))}
    ORDER BY v."seq" DESC LIMIT ${take}`);
  // A raw read answers a JSON column as text on SQLite, and a date as text there too.
  return rows.map((row) => ({
    ...row,
    seq: Number(row.seq),
    version: Number(row.version),
    date: row.date instanceof Date ? row.date : new Date(String(row.date)),
    state: typeof row.state === 'string' ? (JSON.parse(row.state) as unknown) : row.state,
  }));
}

export async function getVersion(scope: Scope, kind: VersionKind, resourceId: string, version: number): Promise<VersionDetail> {
  const { companyId } = scope;
  await assertVisible(scope, kind, resourceId);
  const row = await db().resourceVersion.findFirst({
    where: { companyId, kind, resourceId, version },
    select: { ...summaryColumns, state: true },
  });
  if (!row) {
    await assertHasVersions(companyId, kind, resourceId);
    throw new ApiError('not_found', `${label(kind)} has no version ${version}`);
  }
  return { ...toSummary(row), state: row.state };
}

export async function diffOfVersions(
  scope: Scope,
  kind: VersionKind,
  resourceId: string,
  from: number,
  to: number,
): Promise<VersionDiff & { refs: Record<string, RefInfo> }> {
  const { companyId } = scope;
  await assertVisible(scope, kind, resourceId);
  const rows = await db().resourceVersion.findMany({
    where: { companyId, kind, resourceId, version: { in: [...new Set([from, to])] } },
    select: { version: true, state: true },
  });
  const a = rows.find((r) => r.version === from);
  const b = rows.find((r) => r.version === to);
  if (!a || !b) {
    await assertHasVersions(companyId, kind, resourceId);
    throw new ApiError('not_found', `${label(kind)} has no version ${!a ? from : to}`);
  }
  const diff = diffVersions(kind, a, b);
  return { ...diff, refs: await resolveRefs(scope, referencedIds(kind, diff.changes)) };
}

/** The current names of the caller's company's resources of `kind`, by id (decision 055), with their sectors: one read of the kind's table (lib/kinds). */
async function currentNames(companyId: string, kind: VersionKind, ids: string[]): Promise<{ id: string; name: string; sectors: unknown }[]> {
  const table = Prisma.raw(`"${registryKind(kind).table}"`);
  const rows = await db().$queryRaw<{ id: string; name: string; sectors: unknown }[]>(
    Prisma.sql`SELECT "id", "name", "sectors" FROM ${table} WHERE "companyId" = ${companyId} AND "id" IN (${Prisma.join(ids)})`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, sectors: jsonColumn(row.sectors) }));
}

/**
 * The resources a diff names, resolved within the caller's company only: the current name, or for
 * a resource that no longer exists the name of its last version (null when the company never had
 * it), marked deleted. One read per kind named, plus one for the deleted ones.
 */
export async function resolveRefs(scope: Scope, wanted: Map<VersionKind, Set<string>>): Promise<Record<string, RefInfo>> {
  const { companyId } = scope;
  const refs: Record<string, RefInfo> = Object.create(null);
  for (const [kind, set] of wanted) {
    const ids = [...set];
    if (!ids.length) continue;
    // A resource the scope does not see resolves as one the company never had (decision 076).
    const rows = await currentNames(companyId, kind, ids);
    const hidden = new Set(rows.filter((r) => !visibleRow(scope, r)).map((r) => r.id));
    const found = new Map(rows.filter((r) => !hidden.has(r.id)).map((r) => [r.id, r.name]));
    const missing = ids.filter((id) => !found.has(id) && !hidden.has(id));
    const last = new Map<string, string>();
    if (missing.length) {
      const rows = await db().resourceVersion.findMany({
        // The deletion's version holds the state as it was deleted (one per deletion).
        where: { companyId, kind, resourceId: { in: missing }, action: 'deleted' },
        orderBy: { version: 'desc' },
        select: { resourceId: true, state: true },
      });
      const seen = new Set<string>();
      for (const row of rows) {
        if (seen.has(row.resourceId)) continue;
        seen.add(row.resourceId);
        const state = row.state as { name?: unknown; sectors?: unknown } | null;
        if (typeof state?.name === 'string' && visibleRow(scope, { sectors: state?.sectors })) last.set(row.resourceId, state.name);
      }
    }
    for (const id of ids) {
      const name = found.get(id);
      refs[id] = name !== undefined ? { kind, name, deleted: false } : { kind, name: last.get(id) ?? null, deleted: true };
    }
  }
  return refs;
}
