// For the benches that run the data layer in their own process (bench/data-layer.ts,
// bench/import-phases.ts): each database of BENCH_DATABASES in turn, fresh — SQLite in a temp
// folder, PostgreSQL a throwaway cluster (scripts/lib/postgres.ts) — migrated and loaded as the
// server does, `run` called with its label, the client closed after; answers every row `run`
// answered, in order.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export async function forEachDatabase<R>(databases: string[], prefix: string, run: (label: string) => Promise<R[]>): Promise<R[]> {
  const open = async (label: string, url: string, dataDir: string) => {
    process.env.DATABASE_URL = url;
    process.env.DATA_DIR = dataDir;
    const { migrateDatabase } = await import('../lib/server/migrate');
    const { loadDatabase, prepareDatabase } = await import('../lib/server/db');
    await migrateDatabase();
    const client = await loadDatabase();
    await prepareDatabase();
    try {
      return await run(label);
    } finally {
      await client.$disconnect();
    }
  };
  const all: R[] = [];
  for (const database of databases) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
    try {
      if (database === 'postgresql') {
        const { startPostgres } = await import('../scripts/lib/postgres');
        const pg = await startPostgres();
        try {
          // A fresh client for this database (the SQLite one before it is disconnected).
          (globalThis as Record<symbol, unknown>)[Symbol.for('agent-orchestration.prisma')] = undefined;
          all.push(...(await open('PostgreSQL', pg.url, dataDir)));
        } finally {
          await pg.stop();
        }
      } else {
        all.push(...(await open('SQLite', `file:${path.join(dataDir, 'app.db')}`, dataDir)));
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return all;
}
