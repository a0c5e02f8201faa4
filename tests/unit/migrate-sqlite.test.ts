// SQLite's fast path of migrateDatabase (decision 097), on real database files: it gives the
// schema and the `_prisma_migrations` history that Prisma's schema engine gives, without loading
// the engine; the engine afterwards finds nothing to apply, nothing failed or edited and no
// drift; it upgrades an older database keeping its rows; a migration failing mid-way is rolled
// back whole and named; and every unusual history is left to the engine.
import Database from 'better-sqlite3';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '@/lib/server/config';
import { migrateDatabase, migrationsDir, readMigrationsList, SCHEMA_FILTERS, withSchemaEngine } from '@/lib/server/migrate';
import { migrationChecksum, planSqliteMigrations } from '@/lib/server/migrate-sqlite';
import { drift } from './schema-drift';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function sqliteTarget(file: string): DatabaseTarget {
  return { provider: 'sqlite', file, url: `file:${file}` };
}

const CHECKED_IN = readMigrationsList('sqlite').migrationDirectories.map((d) => d.path);

/** A project folder whose prisma/migrations holds the first `count` checked-in migrations, then `extra` (name → SQL). */
function migrationsRoot(count = CHECKED_IN.length, extra: Record<string, string> = {}): string {
  const root = tempDir('migrations-root-');
  const to = migrationsDir('sqlite', root);
  mkdirSync(to, { recursive: true });
  cpSync(path.join(migrationsDir('sqlite'), 'migration_lock.toml'), path.join(to, 'migration_lock.toml'));
  for (const name of CHECKED_IN.slice(0, count)) cpSync(path.join(migrationsDir('sqlite'), name), path.join(to, name), { recursive: true });
  for (const [name, sql] of Object.entries(extra)) {
    mkdirSync(path.join(to, name));
    writeFileSync(path.join(to, name, 'migration.sql'), sql);
  }
  return root;
}

function withFile<T>(file: string, fn: (sqlite: Database.Database) => T): T {
  const sqlite = new Database(file);
  try {
    return fn(sqlite);
  } finally {
    sqlite.close();
  }
}

/** Every table, index and the text that made it (sqlite_master, in name order). */
const schemaOf = (file: string) => withFile(file, (s) => s.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name`).all());

type MigrationRow = { id: string; checksum: string; finished_at: string | null; migration_name: string; logs: string | null; rolled_back_at: string | null; started_at: string; applied_steps_count: number };
const historyOf = (file: string) => withFile(file, (s) => s.prepare(`SELECT * FROM "_prisma_migrations" ORDER BY migration_name, started_at`).all() as MigrationRow[]);

/** Whether this process has loaded the schema engine (lib/server/migrate.ts keeps it in a global, once loaded). */
const engineLoaded = () => (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('agent-orchestration.schema-engine-wasm')] !== undefined;

describe('SQLite fast path', () => {
  it('a fresh database gets the schema and the history the engine gives, without the engine', async () => {
    const direct = path.join(tempDir('fast-path-'), 'app.db');
    const engine = path.join(tempDir('fast-path-engine-'), 'app.db');
    expect(engineLoaded()).toBe(false); // the file's first test (each test file runs in a process of its own)
    expect(await migrateDatabase(sqliteTarget(direct))).toEqual({ applied: CHECKED_IN });
    expect(engineLoaded()).toBe(false);
    expect(await migrateDatabase(sqliteTarget(engine), { engine: true })).toEqual({ applied: CHECKED_IN });
    expect(engineLoaded()).toBe(true);

    expect(schemaOf(direct)).toEqual(schemaOf(engine));
    const ours = historyOf(direct);
    const theirs = historyOf(engine);
    expect(ours.map((r) => r.migration_name)).toEqual(CHECKED_IN);
    expect(ours.map((r) => r.migration_name)).toEqual(theirs.map((r) => r.migration_name));
    for (const [i, row] of ours.entries()) {
      const other = theirs[i];
      expect(row.checksum).toBe(other.checksum);
      expect(row.checksum).toBe(migrationChecksum(readFileSync(path.join(migrationsDir('sqlite'), row.migration_name, 'migration.sql'), 'utf8')));
      expect(row).toMatchObject({ logs: null, rolled_back_at: null, applied_steps_count: 1 });
      expect(row).toMatchObject({ logs: other.logs, rolled_back_at: other.rolled_back_at, applied_steps_count: other.applied_steps_count });
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(other.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // Dates written alike (the same text shape, in order).
      const shape = (d: string | null) => d?.replace(/\d/g, '9');
      expect([shape(row.started_at), shape(row.finished_at)]).toEqual([shape(other.started_at), shape(other.finished_at)]);
      expect(row.finished_at! >= row.started_at).toBe(true);
    }
  });

  it('afterwards the engine finds nothing to apply, no failed or edited migration and no drift', async () => {
    const file = path.join(tempDir('fast-path-check-'), 'app.db');
    const target = sqliteTarget(file);
    expect(await migrateDatabase(target)).toEqual({ applied: CHECKED_IN });
    const migrationsList = readMigrationsList('sqlite');
    const seen = await withSchemaEngine(target, async (engine) => ({
      history: await engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: SCHEMA_FILTERS }),
      applied: (await engine.applyMigrations({ migrationsList, filters: SCHEMA_FILTERS })).appliedMigrationNames,
    }));
    expect(seen).toEqual({ history: { editedMigrationNames: [], failedMigrationNames: [], hasMigrationsTable: true, history: null }, applied: [] });
    expect(await drift(target)).toEqual({ database: '', migrations: '' });
  });

  it('applies what an older database lacks, keeping its rows (foreign keys off while tables are redefined)', async () => {
    const file = path.join(tempDir('fast-path-upgrade-'), 'app.db');
    const target = sqliteTarget(file);
    const before = CHECKED_IN.indexOf('20261125213530_team_access');
    expect(before).toBeGreaterThan(0);
    // An older release's database, migrated by the engine, holding rows that reference the tables
    // the next migration redefines (ApiKey, User): dropping those with foreign keys on would
    // delete the tokens (ON DELETE CASCADE).
    expect((await migrateDatabase(target, { root: migrationsRoot(before), engine: true })).applied).toEqual(CHECKED_IN.slice(0, before));
    withFile(file, (s) => {
      s.exec(`INSERT INTO "Company" (id, name) VALUES ('c1', 'Acme');
        INSERT INTO "User" (id, "companyId", name, email, "passwordHash") VALUES ('u1', 'c1', 'Ann', 'ann@example.com', 'x');
        INSERT INTO "ApiKey" (id, "companyId", name, prefix, hash) VALUES ('k1', 'c1', 'key', 'aoc_', 'h1');
        INSERT INTO "AuthToken" (id, kind, hash, "companyId", "apiKeyId", "familyId", "expiresAt") VALUES ('t1', 'id', 'th1', 'c1', 'k1', 't1', 0);
        INSERT INTO "AuthToken" (id, kind, hash, "companyId", "userId", "familyId", "expiresAt") VALUES ('t2', 'id', 'th2', 'c1', 'u1', 't2', 0);`);
    });
    withFile(file, (s) => expect(planSqliteMigrations(s, readMigrationsList('sqlite'))).toMatchObject({ kind: 'apply', createTable: false }));

    expect(await migrateDatabase(target)).toEqual({ applied: CHECKED_IN.slice(before) });
    withFile(file, (s) => {
      expect(s.prepare(`SELECT id, "apiKeyId", "userId" FROM "AuthToken" ORDER BY id`).all()).toEqual([
        { id: 't1', apiKeyId: 'k1', userId: null },
        { id: 't2', apiKeyId: null, userId: 'u1' },
      ]);
      expect(s.prepare(`SELECT id, role FROM "User"`).all()).toEqual([{ id: 'u1', role: 'owner' }]);
      expect(s.prepare(`SELECT id, role FROM "ApiKey"`).all()).toEqual([{ id: 'k1', role: 'admin' }]);
      expect(s.pragma('foreign_key_check')).toEqual([]);
    });
    const fresh = path.join(tempDir('fast-path-fresh-'), 'app.db');
    await migrateDatabase(sqliteTarget(fresh), { engine: true });
    expect(schemaOf(file)).toEqual(schemaOf(fresh));
    expect(historyOf(file).map((r) => [r.migration_name, r.checksum])).toEqual(historyOf(fresh).map((r) => [r.migration_name, r.checksum]));
  });

  const BROKEN = '29991231000000_broken';
  const brokenSql = `CREATE TABLE "Half" ("id" TEXT NOT NULL PRIMARY KEY);\nINSERT INTO "NoSuchTable" ("id") VALUES ('x');\n`;

  it('a migration failing mid-way is rolled back whole, reported by name, and changes nothing more when retried', async () => {
    const root = migrationsRoot(CHECKED_IN.length, { [BROKEN]: brokenSql });
    const file = path.join(tempDir('fast-path-broken-'), 'app.db');
    const target = sqliteTarget(file);
    const logged: string[] = [];
    const attempt = () => migrateDatabase(target, { root, logger: { error: (m) => logged.push(m) } });
    await expect(attempt()).rejects.toThrow(`Database migration failed (sqlite, ${file}): migration ${BROKEN} failed and was rolled back, nothing of it applied`);
    await expect(attempt()).rejects.toThrow(/no such table: NoSuchTable/);
    expect(logged).toHaveLength(2);
    // The migrations before it are applied and recorded; of the broken one, nothing.
    expect(historyOf(file).map((r) => r.migration_name)).toEqual(CHECKED_IN);
    const fresh = path.join(tempDir('fast-path-fresh-'), 'app.db');
    await migrateDatabase(sqliteTarget(fresh));
    expect(schemaOf(file)).toEqual(schemaOf(fresh));
  });

  it('a migration the engine left half-applied goes to the engine, which refuses clearly and changes nothing more', async () => {
    const root = migrationsRoot(CHECKED_IN.length, { [BROKEN]: brokenSql });
    const file = path.join(tempDir('fast-path-half-'), 'app.db');
    const target = sqliteTarget(file);
    // The engine applies a script without a transaction: it leaves "Half" and a failed row.
    await expect(migrateDatabase(target, { root, engine: true })).rejects.toThrow(/NoSuchTable/);
    const schema = schemaOf(file);
    const history = historyOf(file);
    expect(schema.map((o) => (o as { name: string }).name)).toContain('Half');
    expect(history.at(-1)).toMatchObject({ migration_name: BROKEN, finished_at: null, rolled_back_at: null });

    withFile(file, (s) => expect(planSqliteMigrations(s, readMigrationsList('sqlite', root))).toEqual({ kind: 'engine', reason: `migration ${BROKEN} is recorded as failed` }));
    await expect(migrateDatabase(target, { root })).rejects.toThrow(new RegExp(`failed migrations.*${BROKEN}`, 's'));
    expect(schemaOf(file)).toEqual(schema);
    expect(historyOf(file)).toEqual(history);
  });

  it('leaves a changed migration, tables without history and an older pending migration to the engine', async () => {
    const file = path.join(tempDir('fast-path-odd-'), 'app.db');
    await migrateDatabase(sqliteTarget(file), { root: migrationsRoot(2) });
    const list = readMigrationsList('sqlite');
    withFile(file, (s) => {
      expect(planSqliteMigrations(s, list)).toMatchObject({ kind: 'apply' });
      s.exec(`UPDATE "_prisma_migrations" SET checksum = 'changed' WHERE migration_name = '${CHECKED_IN[0]}'`);
      expect(planSqliteMigrations(s, list)).toEqual({ kind: 'engine', reason: `migration ${CHECKED_IN[0]} was changed after it was applied` });
      // Recorded: the second and third; pending: the first, older than the last applied.
      const third = list.migrationDirectories[2].migrationFile.content;
      s.prepare(`UPDATE "_prisma_migrations" SET migration_name = ?, checksum = ? WHERE migration_name = ?`).run(CHECKED_IN[2], migrationChecksum(third.tag === 'ok' ? third.value : ''), CHECKED_IN[0]);
      expect(planSqliteMigrations(s, list)).toEqual({ kind: 'engine', reason: `migration ${CHECKED_IN[0]} is older than the last one applied` });
      s.exec(`DROP TABLE "_prisma_migrations"`);
      expect(planSqliteMigrations(s, list)).toEqual({ kind: 'engine', reason: 'the database has tables but no migrations table' });
    });
    // Nothing pending: nothing to decide, whatever the history holds.
    const current = path.join(tempDir('fast-path-current-'), 'app.db');
    await migrateDatabase(sqliteTarget(current));
    withFile(current, (s) => expect(planSqliteMigrations(s, list)).toEqual({ kind: 'up to date' }));
  });
});
