// One SQLite file serves one server process (D13, decision 042). Two servers on one file lost
// acknowledged updates (each keeps records in memory while its own connection sees no change, and
// the other's commits are seen only within 100 ms: lib/server/store/sqlite.ts). So a server takes
// an exclusive lock beside the database file at start, `<file>.server-lock`, held by its own SQLite
// connection (locking_mode EXCLUSIVE, a transaction never ended) for the life of the process: the
// operating system releases it when the process ends, however it ends, so a crash never leaves a
// stale lock. A second server on the same file finds it taken and refuses to start with a clear
// message. The operators' scripts (company:create, apikey, files) take no lock: they may run
// beside the server as before.
import type BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const KEY = Symbol.for('agent-orchestration.sqlite-owner');
const holder = globalThis as unknown as Record<symbol, BetterSqlite3.Database | undefined>;

class SqliteTakenError extends Error {}

/** Takes the server lock of the SQLite database `file`, or throws SqliteTakenError naming the file. */
export async function ownSqliteFile(file: string): Promise<void> {
  if (holder[KEY]?.open) return;
  const { default: Database } = await import('better-sqlite3');
  // The lock is the first file a server writes: on a fresh checkout its directory (./data) does not exist yet.
  mkdirSync(path.dirname(file), { recursive: true });
  const lock = new Database(`${file}.server-lock`, { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new SqliteTakenError(
        `Another server is already running on the SQLite file ${file}. One SQLite file serves one server process: ` +
          'stop the other server, give this one its own DATA_DIR (or DATABASE_URL=file:…), or run several instances on PostgreSQL (README: "Running several instances").',
      );
    }
    throw error;
  }
  holder[KEY] = lock;
}

/** Gives the lock back (a clean stop; a process that ends gives it back anyway). */
export function releaseSqliteFile(): void {
  const lock = holder[KEY];
  holder[KEY] = undefined;
  if (lock?.open) lock.close();
}
