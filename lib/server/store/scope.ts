// The sector rule of D11 in the store (decision 076): what a caller reads and writes is its scope,
// its company and the sectors it is limited to ([] = the whole company). Every read of the store
// takes a scope instead of a bare company id and adds `sharesSector` to its SQL (or filters rows
// read through Prisma with `visibleRow`); every write checks `assertWritable` (creates) or goes
// through `lockResource` (../concurrency), which answers a hidden resource with the 404 of a
// missing one. A whole-company scope adds nothing: no condition, no statement, no check.
import { ApiError, notFound } from '../../errors';
import { kind as kindOf, type KindKey } from '../../kinds';
import { sectorOutside, seesSectors } from '../../kinds/access';
import { db } from '../db';
import { Prisma as Sql } from '../prisma-values';
import { isPostgres } from './sql';

/** Who reads or writes: a company, and the sectors the caller is limited to ([] = all of them). An Actor is one. */
export type Scope = { readonly companyId: string; readonly sectors: readonly string[] };

/** The whole of a company (the command line, the server's own jobs): no sector limit. */
export const wholeCompany = (companyId: string): Scope => ({ companyId, sectors: [] });

/** Whether the scope is limited to some sectors (else every check below is skipped). */
export const isLimited = (scope: Scope): boolean => scope.sectors.length > 0;

/**
 * SQLite: true where the JSON array `column` holds at least one of the sectors bound at its one
 * `?` (a JSON array text) as a string element (lib/kinds/access.ts `seesSectors`, in SQL).
 */
export const sqliteSharesSector = (column: string): string =>
  `(json_type(${column}) = 'array' AND EXISTS (SELECT 1 FROM json_each(${column}) AS element WHERE element.type = 'text' AND element.value IN (SELECT value FROM json_each(?))))`;

/** PostgreSQL: the same, `sectors` a text array expression (`?|`: a string element equal to one of them). */
export const postgresSharesSector = (column: string, sectors: string): string => `(jsonb_typeof(${column}) = 'array' AND ${column} ?| ${sectors})`;

/**
 * PostgreSQL, in a statement batching many callers' reads (../store/read-batch): the same, the
 * caller's sectors a JSON array text in column `keySectors` of the batch's keys.
 */
export const postgresSharesKeySectors = (column: string, keySectors: string): string =>
  postgresSharesSector(column, `ARRAY(SELECT jsonb_array_elements_text(${keySectors}::jsonb))`);

/**
 * SQL true where the JSON array `column` holds at least one of `sectors` as a string element. The
 * sectors are bound as one value (a JSON text on SQLite, a text array on PostgreSQL), so the
 * statement's text does not depend on how many there are.
 */
export function sharesSector(column: string, sectors: readonly string[]): Sql.Sql {
  if (isPostgres()) {
    const [before, after] = postgresSharesSector(column, '\u0000').split('\u0000');
    return Sql.sql`${Sql.raw(before)}${[...sectors]}::text[]${Sql.raw(after)}`;
  }
  const [before, after] = sqliteSharesSector(column).split('?');
  return Sql.sql`${Sql.raw(before)}${JSON.stringify(sectors)}${Sql.raw(after)}`;
}

/** ` AND` the row's `column` shares a sector with the scope; nothing for a whole-company scope. */
export const sectorFilter = (scope: Scope, column: string): Sql.Sql => (isLimited(scope) ? Sql.sql` AND ${sharesSector(column, scope.sectors)}` : Sql.empty);

/** The sectors of a `sectors` column as stored: its string elements, as the SQL above reads them (anything else holds none). */
const sectorsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : []);

/** Whether a row read through Prisma (its `sectors` column as stored) is visible in the scope. */
export const visibleRow = (scope: Scope, row: { sectors: unknown }): boolean => !isLimited(scope) || seesSectors(scope.sectors, sectorsOf(row.sectors));

/**
 * SQL true where resource `id` (an expression or a bound value) of `kind` is visible in a limited
 * scope: its row shares a sector with the scope, or, once deleted, its last version's state did.
 * The one definition for everything that outlives a resource (versions, history records).
 */
export function resourceVisible(scope: Scope, kind: KindKey, id: Sql.Sql | string): Sql.Sql {
  const table = Sql.raw(`"${kindOf(kind).table}"`);
  const { companyId, sectors } = scope;
  const stateSectors = isPostgres() ? `(d."state" -> 'sectors')` : `json_extract(d."state", '$.sectors')`;
  return Sql.sql`(EXISTS (SELECT 1 FROM ${table} r WHERE r."id" = ${id} AND r."companyId" = ${companyId} AND ${sharesSector('r."sectors"', sectors)})
    OR (NOT EXISTS (SELECT 1 FROM ${table} r WHERE r."id" = ${id} AND r."companyId" = ${companyId})
      AND EXISTS (SELECT 1 FROM "ResourceVersion" d WHERE d."companyId" = ${companyId} AND d."kind" = ${kind} AND d."resourceId" = ${id}
        AND d."version" = (SELECT max(m."version") FROM "ResourceVersion" m WHERE m."companyId" = ${companyId} AND m."kind" = ${kind} AND m."resourceId" = ${id})
        AND ${sharesSector(stateSectors, sectors)})))`;
}

/** ` AND` resource `id` is visible (`resourceVisible`); nothing for a whole-company scope. */
export const resourceFilter = (scope: Scope, kind: KindKey, id: Sql.Sql): Sql.Sql =>
  isLimited(scope) ? Sql.sql` AND ${resourceVisible(scope, kind, id)}` : Sql.empty;

/**
 * For a limited scope, the ids in column `column` of the company's rows of `table` (a kind's
 * history records) whose resource is visible (`resourceVisible`): one statement, no id bound;
 * undefined for a whole-company scope (everything is, and nothing is read).
 */
export async function visibleIds(scope: Scope, kind: KindKey, table: string, column: string): Promise<Set<string> | undefined> {
  if (!isLimited(scope)) return undefined;
  const id = Sql.raw(`h."${column}"`);
  const rows = await db().$queryRaw<{ id: string }[]>(
    Sql.sql`SELECT DISTINCT ${id} AS "id" FROM ${Sql.raw(`"${table}"`)} h WHERE h."companyId" = ${scope.companyId} AND ${resourceVisible(scope, kind, id)}`,
  );
  return new Set(rows.map((r) => r.id));
}

/** 404, as for an id of another company, unless resource `id` of `kind` (existing or deleted) is visible; no statement for a whole-company scope. */
export async function assertVisible(scope: Scope, kind: KindKey, id: string): Promise<void> {
  if (!isLimited(scope)) return;
  const rows = await db().$queryRaw<unknown[]>(Sql.sql`SELECT 1 AS "visible" WHERE ${resourceVisible(scope, kind, id)}`);
  if (!rows.length) throw notFound(kindOf(kind).title);
}

/**
 * 403 unless a resource of `sectors` may be written in the scope: every sector within the
 * caller's, and at least one (a resource of no sectors belongs to the whole company).
 */
export function assertWritable(scope: Scope, sectors: unknown): void {
  if (!isLimited(scope)) return;
  const outside = sectorOutside(scope.sectors, sectorsOf(sectors));
  if (outside === null) return;
  const yours = `your sectors are ${scope.sectors.map((s) => `"${s}"`).join(', ')}`;
  throw new ApiError(
    'forbidden',
    outside === ''
      ? `A resource without sectors belongs to the whole company; name at least one of your sectors (${yours})`
      : `Sector "${outside}" is outside your sectors (${yours})`,
    [{ path: 'sectors', message: outside === '' ? 'must name at least one of your sectors' : `"${outside}" is outside your sectors` }],
  );
}
