// The few SQL fragments whose spelling differs between SQLite and PostgreSQL, for the raw
// queries Prisma's query API cannot express (see ./ai-models/history.ts). Identifiers are
// double-quoted, which both databases accept; values are always bound parameters.
import { Prisma } from './prisma-values';
import { databaseTarget } from './config';

export const isPostgres = () => databaseTarget().provider === 'postgresql';

/**
 * True where the JSON array in `column` holds the string `value`, as `hasSector` decides in
 * JavaScript (lib/schemas/common.ts): an element equal to it, not a substring, not a number.
 */
export function jsonArrayHas(column: Prisma.Sql, value: string): Prisma.Sql {
  return isPostgres()
    ? Prisma.sql`(jsonb_typeof(${column}) = 'array' AND ${column} @> jsonb_build_array(${value}::text))`
    : Prisma.sql`(json_type(${column}) = 'array' AND EXISTS (SELECT 1 FROM json_each(${column}) AS element WHERE element.type = 'text' AND element.value = ${value}))`;
}
