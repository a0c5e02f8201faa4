// `company:create` runs migrateDatabase while the server holds the SQLite file open in WAL mode:
// with nothing to apply it must not start the engine (whose exclusive lock would time out).
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { databaseTarget } from '@/lib/server/config';
import { migrateDatabase } from '@/lib/server/migrate';

const dir = mkdtempSync(path.join(os.tmpdir(), 'aoc-migrate-open-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a second migrate succeeds while another connection holds the database in WAL mode', async () => {
  const target = databaseTarget(`file:${path.join(dir, 'app.db')}`);
  expect((await migrateDatabase(target)).applied.length).toBeGreaterThan(0);
  const open = new Database(path.join(dir, 'app.db'));
  try {
    open.pragma('journal_mode = WAL');
    open.prepare('SELECT count(*) FROM "Company"').get();
    open.exec('BEGIN');
    open.prepare(`INSERT INTO "Company" (id, name, "createdAt") VALUES ('c1', 'Open', 0)`).run();
    expect(await migrateDatabase(target)).toEqual({ applied: [] });
    open.exec('COMMIT');
  } finally {
    open.close();
  }
});
