// README's first command on a fresh data folder: `npm start` (scripts/start.mjs, the compiled
// server) creates the SQLite database, migrates it through the fast path (decision 097: the
// migration SQL applied directly, Prisma's history written as the engine writes it) and serves the
// console and the API. SQLite runs only: on PostgreSQL the suite's server owns the database.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { readMigrationsList } from '@/lib/server/migrate';
import { freePort } from '@/scripts/lib/free-port';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aoc-npm-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(!inject('databaseUrl').startsWith('file:'))('npm start on a fresh data folder', () => {
  it('creates and migrates the database, then serves the console and the API', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production' };
    delete env.DATABASE_URL; // the default: <DATA_DIR>/app.db
    expect(existsSync(path.join(dataDir, 'app.db'))).toBe(false);
    // Its own process group: npm, the shell and node stop together.
    const child = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      let ready = false;
      // Polled a bounded number of times (a stale build is rebuilt first: that can take a while).
      for (let i = 0; i < 2400 && !ready && child.exitCode === null; i++) {
        ready = await fetch(`${base}/api/health/ready`).then((r) => r.status === 200, () => false);
        if (!ready) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready, output).toBe(true);
      // The welcome is printed once the server listens (it asks the database whether a company exists).
      for (let i = 0; i < 600 && !output.includes('npm run --silent user'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(output).toContain(`Console and API ready on http://localhost:${port}`);
      expect(output).toContain(`Database: SQLite file ${path.join(dataDir, 'app.db')}`);
      expect(output).toContain('No company exists yet');
      expect(output).not.toMatch(/migration failed|schema engine/i);

      const sqlite = new Database(path.join(dataDir, 'app.db'), { readonly: true });
      try {
        const history = sqlite.prepare(`SELECT migration_name, finished_at, rolled_back_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`).all();
        expect(history).toEqual(
          readMigrationsList('sqlite').migrationDirectories.map((d) => ({ migration_name: d.path, finished_at: expect.any(String), rolled_back_at: null, applied_steps_count: 1 })),
        );
      } finally {
        sqlite.close();
      }
      expect((await fetch(`${base}/api/tools/availables`)).status).toBe(401);
      const setup = await fetch(`${base}/setup`);
      expect(setup.status).toBe(200);
      expect(await setup.text()).toContain('<html');
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }, 300_000);
});
