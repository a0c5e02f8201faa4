// The few SQL fragments whose spelling differs between SQLite and PostgreSQL, for the raw
// queries Prisma's query API cannot express (see ./ai-models/history.ts). Identifiers are
// double-quoted, which both databases accept; values are always bound parameters.
import { Prisma } from '../prisma-values';
import { isPostgresUrl } from '../config';

export const isPostgres = () => isPostgresUrl();

/** A JSON column as a raw read answers it: text on SQLite, parsed on PostgreSQL. */
export const jsonColumn = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * True where the JSON array in `column` holds the string `value`, as `hasSector` decides in
 * JavaScript (lib/schemas/common.ts): an element equal to it, not a substring, not a number.
 */
export function jsonArrayHas(column: Prisma.Sql, value: string): Prisma.Sql {
  return isPostgres()
    ? Prisma.sql`(jsonb_typeof(${column}) = 'array' AND ${column} @> jsonb_build_array(${value}::text))`
    : Prisma.sql`(json_type(${column}) = 'array' AND EXISTS (SELECT 1 FROM json_each(${column}) AS element WHERE element.type = 'text' AND element.value = ${value}))`;
}

/** True where `column` holds no JSON array with an element (SQL NULL, JSON null, or `[]`). */
export function jsonArrayEmpty(column: Prisma.Sql): Prisma.Sql {
  return isPostgres()
    ? Prisma.sql`COALESCE(CASE WHEN jsonb_typeof(${column}) = 'array' THEN jsonb_array_length(${column}) END, 0) = 0`
    : Prisma.sql`COALESCE(CASE WHEN json_type(${column}) = 'array' THEN json_array_length(${column}) END, 0) = 0`;
}

/**
 * One INSERT of `rows` (all with the same keys, the table's column names) into `table`, every value
 * bound, for the hot writes where Prisma's model API costs several times the statement itself
 * (decision 026). Values are as Prisma's raw queries bind them (booleans, dates in UTC); the
 * columns in `json` take JavaScript values, written as JSON text (jsonb on PostgreSQL).
 */
export function insertSql(table: string, rows: Record<string, unknown>[], json: readonly string[] = []): Prisma.Sql {
  const columns = Object.keys(rows[0]);
  const pg = isPostgres();
  const value = (column: string, v: unknown) =>
    json.includes(column) && v !== null && v !== undefined
      ? pg ? Prisma.sql`${JSON.stringify(v)}::jsonb` : Prisma.sql`${JSON.stringify(v)}`
      : Prisma.sql`${v ?? null}`;
  const values = rows.map((row) => Prisma.sql`(${Prisma.join(columns.map((c) => value(c, row[c])))})`);
  return Prisma.sql`INSERT INTO ${Prisma.raw(`"${table}"`)} (${Prisma.raw(columns.map((c) => `"${c}"`).join(', '))}) VALUES ${Prisma.join(values)}`;
}


/**
 * PostgreSQL: several INSERTs as ONE statement (`WITH s0 AS (INSERT …), s1 AS (INSERT …) INSERT …`),
 * all or nothing without a transaction around it and in one round trip. Foreign keys between
 * them hold: PostgreSQL checks them once the whole statement has run.
 */
export function oneStatement(statements: Prisma.Sql[]): Prisma.Sql {
  if (statements.length === 1) return statements[0];
  const ctes = statements.slice(0, -1).map((statement, i) => Prisma.sql`${Prisma.raw(`s${i}`)} AS (${statement})`);
  return Prisma.sql`WITH ${Prisma.join(ctes, ', ')} ${statements[statements.length - 1]}`;
}

/** One row to insert: its table, its values under the table's column names, the columns holding JSON (as `insertSql` takes them). */
export type RowInsert = { table: string; row: Record<string, unknown>; json?: readonly string[] };

/** A new resource's id and instant, when its caller chooses them (a bundle import: one instant, ids in order). */
export type NewRow = { id?: string; now?: Date };

/**
 * At most this many bound values in one INSERT of `insertStatements`: under SQLite's limit
 * (32,766) and PostgreSQL's (65,535), and small enough that one statement is a few milliseconds of
 * SQLite's time, so that a transaction of many gives way between them (lib/server/sqlite-turns.ts).
 */
export const MAX_VALUES_PER_INSERT = 2_000;

/**
 * The multi-row INSERTs of `rows`: each table's rows in their order, as few statements as
 * MAX_VALUES_PER_INSERT allows, the tables in the order `rows` first names them (so a parent table
 * named before its children is written before them, and each table's autoincremented rows keep the
 * order of `rows`). Every row of a table has the same columns. Lazy: a caller may give way between
 * statements while they are built.
 */
export function* insertStatements(rows: readonly RowInsert[], maxValues = MAX_VALUES_PER_INSERT): Generator<Prisma.Sql> {
  const tables = new Map<string, { json: readonly string[]; rows: Record<string, unknown>[] }>();
  for (const { table, row, json = [] } of rows) {
    const group = tables.get(table);
    if (group) group.rows.push(row);
    else tables.set(table, { json, rows: [row] });
  }
  for (const [table, group] of tables) {
    const perStatement = Math.max(1, Math.floor(maxValues / Object.keys(group.rows[0]).length));
    for (let i = 0; i < group.rows.length; i += perStatement) yield insertSql(table, group.rows.slice(i, i + perStatement), group.json);
  }
}
