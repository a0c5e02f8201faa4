// Concurrency of the writers of the five kinds (issue 23, decision 050), in one place:
// - versions travel as an ETag and come back in If-Match (optimistic: a stale one is a 409);
// - every writer (PUT, enable, restore, delete, upload) starts its transaction with
//   `lockResource`: the resource's own row first, then (the writer's own next statements) its
//   links, so two writers of one resource never hold each other's rows (no deadlock on PostgreSQL,
//   no link deleted under another writer: no false unique conflict);
// - a PUT that changes nothing is rolled back whole (`unchanged`): no history record, no version.
import { ApiError, notFound } from '../errors';
import { sameContent } from '../versions/diff';
import type { Tx } from './db';
import { Prisma } from './prisma-values';
import { isPostgres } from './store/sql';
import { assertWritable, isLimited, visibleRow, type Scope } from './store/scope';
import { kind as kindOf } from '../kinds';
import { latestVersion, staleVersion, type VersionKind } from './versions';

/**
 * The versions named by an If-Match header (`"3"`, `3`, `W/"3"`, or a comma list), or undefined
 * when the header is absent or `*` (the write then proceeds unconditionally, as old clients expect).
 */
export function expectedVersions(header: string | null): number[] | undefined {
  const value = header?.trim();
  if (!value || value === '*') return undefined;
  return value.split(',').map((part) => {
    const tag = part.trim().replace(/^W\//i, '').replace(/^"(.*)"$/, '$1');
    if (!/^\d{1,9}$/.test(tag)) {
      throw new ApiError('validation', 'If-Match must name a version, e.g. If-Match: "3"', [{ path: 'If-Match', message: 'must name a version, e.g. "3"' }]);
    }
    return Number(tag);
  });
}

/** The If-Match of a request (see `expectedVersions`). */
export const ifMatch = (req: Request): number[] | undefined => expectedVersions(req.headers.get('if-match'));

/** Adds `ETag: "<version>"` to an answer that carries the resource at that version. */
export function withVersionTag(response: Response, version: number): Response {
  response.headers.set('etag', `"${version}"`);
  return response;
}

export type LockedResource = { exists: boolean; version: number };

export type LockOptions = {
  /** If-Match: the current version must be one of these, else 409 naming it. */
  expected?: number[];
  /** A missing resource is a 404 (every writer but a restore, which recreates it). */
  mustExist?: boolean;
  /** The sectors the resource will have after the write (restores, full replaces, updates that name them): a limited caller may write only its own (decision 076). */
  sectors?: readonly string[];
};

/**
 * The first statement(s) of every writer's transaction: locks resource `kind`/`id` of the scope's
 * company until the transaction ends, then checks, in D11's order:
 * - 404 when it is missing (`mustExist`) or hidden from a sector-limited caller (decision 076:
 *   exactly as another company's id, restores included);
 * - 403 naming the sector when a limited caller would write a resource whose sectors, as they
 *   are or as `sectors` makes them, are not all within its own (../store/scope `assertWritable`);
 * - 409 when its current version is not one If-Match names.
 * How it locks:
 * - PostgreSQL: a transaction-scoped advisory lock on the resource's key (it holds for a resource
 *   that does not exist yet: a restore recreating a deleted one), then the row itself,
 *   `SELECT … FOR UPDATE`. Links (agent tools and knowledge bases, squad tasks) are written only
 *   after this, by the same writer, in its fixed order.
 * - SQLite: one write transaction at a time already (lib/server/sqlite-turns.ts); the row is read.
 * Answers whether the row exists and its current version (0 when it never had one).
 */
export async function lockResource(tx: Tx, scope: Scope, kind: VersionKind, id: string, options: LockOptions = {}): Promise<LockedResource> {
  const { companyId } = scope;
  const postgres = isPostgres();
  if (postgres) await tx.$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${`${companyId}/${kind}/${id}`}))`);
  const rows = await tx.$queryRaw<{ id: string; sectors: unknown }[]>(
    Prisma.sql`SELECT "id", "sectors" FROM ${Prisma.raw(`"${kindOf(kind).table}"`)} WHERE "id" = ${id} AND "companyId" = ${companyId}${postgres ? Prisma.raw(' FOR UPDATE') : Prisma.empty}`,
  );
  const row = rows[0];
  if (row && isLimited(scope)) {
    // A raw read answers a JSON column as text on SQLite, parsed on PostgreSQL.
    const current = { sectors: typeof row.sectors === 'string' ? (JSON.parse(row.sectors) as unknown) : row.sectors };
    if (!visibleRow(scope, current)) throw notFound(kindOf(kind).title);
    assertWritable(scope, current.sectors);
  }
  if (!row && options.mustExist) throw notFound(kindOf(kind).title);
  if (options.sectors) assertWritable(scope, options.sectors);
  const version = await latestVersion(tx, companyId, kind, id);
  if (options.expected && !options.expected.includes(version)) throw staleVersion(kind, version, options.expected.join(', '));
  return { exists: row !== undefined, version };
}

/** Thrown inside a PUT's transaction when the change would change nothing: the transaction rolls back whole. */
export class Unchanged extends Error {
  constructor(readonly version: number) {
    super('unchanged');
  }
}

/**
 * Throws `Unchanged` when `after` (the state a PUT is about to record) holds the same content as
 * `before` (the state it started from): bookkeeping fields aside, as the version diff compares.
 */
export function assertChanged(before: unknown, after: unknown, version: number): void {
  if (sameContent(before, after)) throw new Unchanged(version);
}

/** A write and the version it left the resource at (the answer's ETag). */
export type Versioned<T> = { value: T; version: number };

/**
 * Runs a PUT: `write` (its transaction) answers the written value and version; when it turned out
 * to change nothing (`Unchanged`), `current` reads the resource as it is, at the version it kept.
 */
export async function unlessUnchanged<T>(write: () => Promise<Versioned<T>>, current: () => Promise<T>): Promise<Versioned<T>> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Unchanged) return { value: await current(), version: error.version };
    throw error;
  }
}
