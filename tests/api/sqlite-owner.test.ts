// One SQLite file serves one server process (D13, decision 042): a second server started on the
// suite's own SQLite file refuses to start with a clear message and exit code 1, and the first
// one keeps answering. (On PostgreSQL several servers on one database are the supported way.)
// And the first start of a fresh checkout, whose data directory does not exist yet, creates it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { call } from './helpers';
import { freePort } from '@/scripts/lib/free-port';

describe.skipIf(!inject('databaseUrl').startsWith('file:'))('a second server on the same SQLite file', () => {
  it('is refused at start with a message naming the file, and the first keeps serving', async () => {
    const port = await freePort();
    const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: inject('dataDir'), DATABASE_URL: inject('databaseUrl'), NODE_ENV: 'production' as const };
    const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(1);
    expect(output).toContain(`Another server is already running on the SQLite file ${inject('databaseUrl').slice('file:'.length)}`);
    expect(output).toContain('One SQLite file serves one server process');
    expect((await call('/health/ready')).status).toBe(200);
  }, 120_000);
});

describe('the first start, with no data directory yet', () => {
  it('creates the directory, takes the lock and serves', async () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'aoc-fresh-'));
    const dataDir = path.join(base, 'not', 'yet', 'data');
    const port = await freePort();
    const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' as const };
    const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const started = await Promise.race([
        new Promise<'listening'>((resolve) => child.stdout!.on('data', () => output.includes('ready on') && resolve('listening'))),
        exited.then(() => 'exited' as const),
      ]);
      expect(started, output).toBe('listening');
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect(ready.status, output).toBe(200);
      expect(existsSync(path.join(dataDir, 'app.db'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(base, { recursive: true, force: true });
    }
  }, 120_000);
});
