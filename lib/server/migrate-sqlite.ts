// SQLite's fast path of migrateDatabase (decision 097): the checked-in migration SQL applied with
// the SQLite driver the app already uses, instead of starting Prisma's WebAssembly schema engine
// (the largest part of a start on a fresh database). It writes `_prisma_migrations` exactly as the
// engine does, so the engine and `prisma migrate deploy` see the same history afterwards. Only the
// ordinary cases take it: a database without tables, or one whose recorded migrations all finished
// and match the folder, with migrations to add after them. Anything else (a failed migration, a
// changed migration file, a recorded migration the folder lacks, tables without a migrations table,
// a migration older than the last one applied) goes to the engine, whose errors say what to do.
import type BetterSqlite3 from 'better-sqlite3';
import type { MigrationList } from '@prisma/schema-engine-wasm';
import { createHash, randomUUID } from 'node:crypto';

/** The migrations table as the schema engine creates it on SQLite (its text is kept in sqlite_master). */
export const MIGRATIONS_TABLE_SQL = `CREATE TABLE "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

/** The engine's checksum of a migration: SHA-256 of the script's UTF-8 bytes, lower-case hex. */
export function migrationChecksum(script: string): string {
  return createHash('sha256').update(script, 'utf8').digest('hex');
}

/** A date as the engine writes it through the better-sqlite3 adapter (ISO 8601, "+00:00"). */
function timestamp(date = new Date()): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** Statements that end, open or cannot run in the transaction a migration is applied in. */
const NOT_IN_A_TRANSACTION = /^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|VACUUM|ATTACH|DETACH)\b|^\s*PRAGMA\s+("?\w+"?\.)?"?journal_mode\b/im;

type Pending = { name: string; script: string };

export type SqliteMigrationPlan =
  | { kind: 'up to date' }
  | { kind: 'apply'; pending: Pending[]; createTable: boolean }
  | { kind: 'engine'; reason: string };

type Recorded = { migration_name: string; checksum: string; finished_at: unknown; rolled_back_at: unknown };

/** What the fast path would do on the open database `sqlite` for the migrations folder `list`. */
export function planSqliteMigrations(sqlite: BetterSqlite3.Database, list: MigrationList): SqliteMigrationPlan {
  const lock = list.lockfile.content;
  if (lock !== null && lock !== undefined && !/^\s*provider\s*=\s*"sqlite"\s*$/m.test(lock)) return { kind: 'engine', reason: 'the migration lock file names another provider' };
  const local: Pending[] = [];
  for (const dir of list.migrationDirectories) {
    if (dir.migrationFile.content.tag !== 'ok') return { kind: 'engine', reason: `${dir.path}/migration.sql cannot be read` };
    local.push({ name: dir.path, script: dir.migrationFile.content.value });
  }
  const objects = sqlite.prepare(`SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`).pluck().all() as string[];
  let recorded: Recorded[] = [];
  if (objects.includes('_prisma_migrations')) {
    recorded = sqlite.prepare('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"').all() as Recorded[];
  } else if (objects.length) {
    return { kind: 'engine', reason: 'the database has tables but no migrations table' };
  }
  // As the engine counts them: a row rolled back (`prisma migrate resolve --rolled-back`) is not
  // an application. With nothing pending the engine would apply nothing: no further checks.
  const live = recorded.filter((row) => row.rolled_back_at === null);
  const applied = new Set(live.filter((row) => row.finished_at !== null).map((row) => row.migration_name));
  const pending = local.filter((m) => !applied.has(m.name));
  if (!pending.length) return { kind: 'up to date' };
  const byName = new Map(local.map((m, index) => [m.name, { ...m, index }]));
  let lastApplied = -1;
  for (const row of live) {
    const mine = byName.get(row.migration_name);
    if (row.finished_at === null) return { kind: 'engine', reason: `migration ${row.migration_name} is recorded as failed` };
    if (!mine) return { kind: 'engine', reason: `migration ${row.migration_name} is recorded but not in the migrations folder` };
    if (row.checksum !== migrationChecksum(mine.script)) return { kind: 'engine', reason: `migration ${row.migration_name} was changed after it was applied` };
    lastApplied = Math.max(lastApplied, mine.index);
  }
  if (byName.get(pending[0].name)!.index < lastApplied) return { kind: 'engine', reason: `migration ${pending[0].name} is older than the last one applied` };
  const odd = pending.find((m) => NOT_IN_A_TRANSACTION.test(m.script));
  if (odd) return { kind: 'engine', reason: `migration ${odd.name} controls transactions itself` };
  return { kind: 'apply', pending, createTable: !objects.includes('_prisma_migrations') };
}

/** A migration of the fast path failed: it was rolled back whole, the ones before it stay applied. */
class SqliteMigrationError extends Error {}

/**
 * Applies the plan's migrations in order, each in its own transaction together with its
 * `_prisma_migrations` row (the table itself is created in the first one), in write-ahead-log mode
 * as the server runs. Foreign keys are off on this connection while it migrates, as the scripts'
 * own `PRAGMA foreign_keys=OFF` intends (that pragma does nothing inside a transaction); each
 * migration must leave no broken reference.
 * Answers the names applied.
 */
export function applySqliteMigrations(sqlite: BetterSqlite3.Database, plan: Extract<SqliteMigrationPlan, { kind: 'apply' }>): string[] {
  const applied: string[] = [];
  sqlite.pragma('foreign_keys = OFF');
  // The journal the server keeps anyway (lib/server/db.ts prepareDatabase): a commit then waits
  // for no fsync, where the default rollback journal took several per migration.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const record = () =>
    sqlite.prepare(
      `INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "logs", "rolled_back_at", "started_at", "applied_steps_count") VALUES (?, ?, ?, ?, NULL, NULL, ?, 1)`,
    );
  let createTable = plan.createTable;
  for (const { name, script } of plan.pending) {
    const startedAt = timestamp();
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      if (createTable) sqlite.exec(MIGRATIONS_TABLE_SQL);
      sqlite.exec(script);
      const broken = sqlite.pragma('foreign_key_check') as { table: string; parent: string }[];
      if (broken.length) throw new Error(`it leaves ${broken.length} row(s) of "${broken[0].table}" pointing at missing "${broken[0].parent}" rows`);
      record().run(randomUUID(), migrationChecksum(script), timestamp(), name, startedAt);
      sqlite.exec('COMMIT');
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      const why = error instanceof Error ? error.message : String(error);
      const before = applied.length ? ` (applied before it: ${applied.join(', ')})` : '';
      throw new SqliteMigrationError(`migration ${name} failed and was rolled back, nothing of it applied${before}: ${why}`, { cause: error });
    }
    createTable = false;
    applied.push(name);
  }
  return applied;
}
