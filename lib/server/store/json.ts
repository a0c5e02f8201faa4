// Records and lists built as JSON text by the database (decision 025): one statement answers the
// whole list as one string, `[{…},{…}]`, in list order, which the route sends as it is. No row objects, no
// Prisma result mapping, no JSON.stringify of thousands of records: at 1,000–10,000 rows that
// per-row work was most of a list request's time. A detail read can take its record from the
// same fields (jsonRecordStatements): the same text as the record's entry in the list.
//
// Each field says how its column becomes the value the record types (lib/schemas) promise, in
// both databases' spelling:
//   text     the column as it is (NULL → null)
//   number   a numeric column (NULL → null)
//   bool     true/false (SQLite stores 0/1)
//   date     ISO 8601 in UTC with milliseconds, as Date#toISOString writes it
//   strings  a JSON array column; anything else stored there reads as [] (as `stringArray` does)
//   sql      an expression given per database (a subquery aggregating child ids, say)
// Keys come out in the order given. Numbers may be spelled differently from JSON.stringify
// (SQLite writes 1.0 where JavaScript writes 1): the same number, as any JSON parser reads it.
import { Prisma as Sql } from '../prisma-values';
import type { PageRequest } from '../list-page';
import { isPostgres, jsonArrayHas } from './sql';
import { postgresSharesKeySectors, sectorFilter, sqliteSharesSector, type Scope } from './scope';

export type JsonField =
  | { key: string; column: string; as: 'text' | 'number' | 'bool' | 'date' | 'strings' }
  | { key: string; sqlite: string; postgres: string; js?: (row: Record<string, unknown>) => unknown };

const ident = (name: string) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
};

/** A JSON string literal for a key (keys are fixed in code: no quote or backslash in them). */
const key = (name: string) => {
  if (/['"\\]/.test(name)) throw new Error(`unexpected character in key ${name}`);
  return name;
};

function sqliteValue(field: JsonField, alias: string): string {
  if (!('as' in field)) return field.sqlite;
  const c = `${alias}.${ident(field.column)}`;
  switch (field.as) {
    case 'bool':
      return `json(CASE ${c} WHEN 1 THEN 'true' WHEN 0 THEN 'false' END)`;
    case 'date':
      return `strftime('%Y-%m-%dT%H:%M:%fZ', ${c})`;
    case 'strings':
      return `json(CASE WHEN json_type(${c}) = 'array' THEN ${c} ELSE '[]' END)`;
    default:
      return c;
  }
}

function postgresValue(field: JsonField, alias: string): string {
  if (!('as' in field)) return field.postgres;
  const c = `${alias}.${ident(field.column)}`;
  switch (field.as) {
    case 'date':
      return `to_char(${c}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'strings':
      return `(CASE WHEN jsonb_typeof(${c}) = 'array' THEN ${c} ELSE '[]'::jsonb END)`;
    default:
      return c;
  }
}

/** PostgreSQL: the select list of the lateral row `r` whose row_to_json is the record (aliases as keys, in order). */
const postgresRow = (fields: readonly JsonField[]): string => fields.map((f) => `${postgresValue(f, 'a')} AS "${key(f.key)}"`).join(', ');

/** SQLite: the record of row `a` as a json_object, keys in order. */
const sqliteObject = (fields: readonly JsonField[]): string => `json_object(${fields.map((f) => `'${key(f.key)}', ${sqliteValue(f, 'a')}`).join(', ')})`;

/** The rows of the scope (its company; for a limited caller its sectors, decision 076), optionally only those whose `sectors` hold `sector`. */
function rowsOf(scope: Scope, sector: string | undefined): Sql.Sql {
  const filter = sector ? Sql.sql` AND ${jsonArrayHas(Sql.raw('a."sectors"'), sector)}` : Sql.empty;
  return Sql.sql`a."companyId" = ${scope.companyId}${sectorFilter(scope, 'a."sectors"')}${filter}`;
}

/**
 * The statement answering `[…]` (one row, column "json") for the rows of `table` (aliased `a`)
 * in the scope, optionally only those whose `sectors` hold `sector`, ordered by createdAt then
 * id as every list is. Table, columns and expressions come from code, never from a request.
 */
export function jsonListQuery(table: string, fields: readonly JsonField[], scope: Scope, sector?: string): Sql.Sql {
  const where = rowsOf(scope, sector);
  if (isPostgres()) {
    return Sql.sql`SELECT coalesce('[' || string_agg(row_to_json(r)::text, ',' ORDER BY a."createdAt", a."id") || ']', '[]') AS "json"
      FROM ${Sql.raw(ident(table))} a CROSS JOIN LATERAL (SELECT ${Sql.raw(postgresRow(fields))}) r
      WHERE ${where}`;
  }
  return Sql.sql`SELECT coalesce('[' || group_concat(${Sql.raw(sqliteObject(fields))}, ',' ORDER BY a."createdAt", a."id") || ']', '[]') AS "json"
    FROM ${Sql.raw(ident(table))} a
    WHERE ${where}`;
}

/**
 * One page of a list (D13, ./list-page): up to `limit + 1` rows after the cursor in the list's
 * order (createdAt, id), each as its record's JSON text beside its cursor columns; the extra row
 * only says whether another page follows. The index (companyId, createdAt, id) makes it a read of
 * the page's rows alone, wherever the page starts.
 */
export function jsonListPageQuery(table: string, fields: readonly JsonField[], scope: Scope, sector: string | undefined, page: PageRequest): Sql.Sql {
  const where = rowsOf(scope, sector);
  const pg = isPostgres();
  const at = page.after && (pg ? Sql.sql`${page.after.createdAt}::timestamp` : Sql.sql`${page.after.createdAt}`);
  const after = page.after ? Sql.sql` AND (a."createdAt", a."id") > (${at}, ${page.after.id})` : Sql.empty;
  if (pg) {
    return Sql.sql`SELECT row_to_json(r)::text AS "json", to_char(a."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "at", a."id" AS "id"
      FROM ${Sql.raw(ident(table))} a CROSS JOIN LATERAL (SELECT ${Sql.raw(postgresRow(fields))}) r
      WHERE ${where}${after}
      ORDER BY a."createdAt", a."id" LIMIT ${page.limit + 1}`;
  }
  return Sql.sql`SELECT ${Sql.raw(sqliteObject(fields))} AS "json", strftime('%Y-%m-%dT%H:%M:%fZ', a."createdAt") AS "at", a."id" AS "id"
    FROM ${Sql.raw(ident(table))} a
    WHERE ${where}${after}
    ORDER BY a."createdAt", a."id" LIMIT ${page.limit + 1}`;
}

/** A row asked for by id, within a company: a pair answers only with its own company's row. */
export type RecordKey = { companyId: string; id: string };
/** The same for a sector-limited caller (decision 076): `sectors` its sectors as a JSON array text. */
export type ScopedRecordKey = RecordKey & { sectors: string };

/**
 * The statements answering records by id as JSON text, the same text as in the list, their SQL
 * built once per table (not per request: building the 1.5 kB text, hashing it to find its
 * compiled statement and mapping the row cost about 30 µs a request, profiled, a seventh of what
 * the agent detail cost above the floor route). None answers another company's id.
 *   sqlite     the text taking (id, companyId) and answering one column, the record, or no row;
 *              SQLite's reads are synchronous: one key a statement, nothing to batch
 *   postgres   the statement for any number of keys (a ReadBatch of one turn of the event loop):
 *              columns "companyId", "id", "json", one row per key that exists
 * and their `scoped` forms for sector-limited callers (decision 076), which answer only a row
 * sharing a sector with the caller's: SQLite's takes (id, companyId, sectors as JSON text),
 * PostgreSQL's keys carry their sectors and its rows answer them back (column "sectors").
 */
export function jsonRecordStatements(
  table: string,
  fields: readonly JsonField[],
): {
  sqlite: string;
  postgres: (keys: readonly RecordKey[]) => Sql.Sql;
  sqliteScoped: string;
  postgresScoped: (keys: readonly ScopedRecordKey[]) => Sql.Sql;
} {
  const from = Sql.raw(ident(table));
  const row = Sql.raw(postgresRow(fields));
  const sqlite = `SELECT ${sqliteObject(fields)} AS "json" FROM ${ident(table)} a WHERE a."id" = ? AND a."companyId" = ?`;
  const keySectors = Sql.raw(` AND ${postgresSharesKeySectors('a."sectors"', 'k."sectors"')}`);
  return {
    sqlite,
    postgres: (keys) => Sql.sql`SELECT a."companyId", a."id", row_to_json(r)::text AS "json"
      FROM unnest(${keys.map((k) => k.id)}::text[], ${keys.map((k) => k.companyId)}::text[]) AS k("id", "company")
      JOIN ${from} a ON a."id" = k."id" AND a."companyId" = k."company"
      CROSS JOIN LATERAL (SELECT ${row}) r`,
    sqliteScoped: `${sqlite} AND ${sqliteSharesSector('a."sectors"')}`,
    postgresScoped: (keys) => Sql.sql`SELECT a."companyId", a."id", k."sectors", row_to_json(r)::text AS "json"
      FROM unnest(${keys.map((k) => k.id)}::text[], ${keys.map((k) => k.companyId)}::text[], ${keys.map((k) => k.sectors)}::text[]) AS k("id", "company", "sectors")
      JOIN ${from} a ON a."id" = k."id" AND a."companyId" = k."company"${keySectors}
      CROSS JOIN LATERAL (SELECT ${row}) r`,
  };
}

/** The JSON array of a child table's ids for row `a`, in position order (an agent's tools, say). */
export function childIds(table: string, idColumn: string, parentColumn: string): { sqlite: string; postgres: string } {
  const [t, id, parent] = [ident(table), ident(idColumn), ident(parentColumn)];
  return {
    sqlite: `(SELECT json_group_array(c.${id} ORDER BY c."position") FROM ${t} c WHERE c.${parent} = a."id")`,
    postgres: `(SELECT coalesce(json_agg(c.${id} ORDER BY c."position"), '[]'::json) FROM ${t} c WHERE c.${parent} = a."id")`,
  };
}
