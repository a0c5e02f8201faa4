// Fast seeding for tests and benchmarks (tests/api/scale.test.ts, bench/api.ts): rows go into a
// table in one statement per 5,000 rows with one bound parameter, the rows as JSON, on SQLite
// (json_each) and PostgreSQL (jsonb_populate_recordset). Prisma's createMany spends about half a
// millisecond of CPU per row, too slow for tens of thousands. Columns are the table's own names;
// values are stored as Prisma stores them (dates in UTC, JSON columns as JSON, absent = NULL), so
// omit only nullable columns and columns with a database default (`seq`).
import { databaseTarget } from '../../lib/server/config';
import { loadDatabase } from '../../lib/server/db';

type Row = Record<string, unknown>;

const CHUNK = 5000;
const identifier = (name: string): string => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
};

export async function bulkInsert(table: string, rows: Row[]): Promise<void> {
  const postgres = databaseTarget().provider === 'postgresql';
  const db = await loadDatabase();
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const list = columns.map(identifier).join(', ');
  const sql = postgres
    ? `INSERT INTO ${identifier(table)} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${identifier(table)}, $1::jsonb)`
    : `INSERT INTO ${identifier(table)} (${list}) SELECT ${columns.map((c) => `json_extract(value, '$.${c}')`).join(', ')} FROM json_each(?)`;
  // The better-sqlite3 adapter stores dates as ISO 8601 text with "+00:00"; PostgreSQL parses the ISO text.
  const encode = (value: unknown) => (value instanceof Date ? (postgres ? value.toISOString() : value.toISOString().replace('Z', '+00:00')) : value);
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((row) => Object.fromEntries(columns.map((c) => [c, encode(row[c] ?? null)])));
    await db.$executeRawUnsafe(sql, JSON.stringify(chunk));
  }
}
