// Stopping cleanly (D13, decision 041): a server of its own (not the suite's), a slow upload and a
// large list in flight when SIGTERM arrives. Both complete in full, new connections are refused,
// the process exits 0 within the 10 s bound plus start-up slack, and the database is closed
// (SQLite: the write-ahead log checkpointed away; PostgreSQL: no session of the server left).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DRAIN_TIMEOUT_MS } from '@/lib/server/drain';
import { freePort } from '@/scripts/lib/free-port';

const TSX = path.resolve('node_modules/tsx/dist/cli.mjs');

/** A fresh database for the server of this test: a SQLite file, or a new database beside TEST_DATABASE_URL's. */
async function freshDatabase(dataDir: string): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return `file:${path.join(dataDir, 'app.db')}`;
  const { createDatabase } = await import('@/scripts/lib/postgres');
  return createDatabase(base, `shutdown_${Date.now().toString(36)}`);
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function request(port: number, method: string, urlPath: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aoc-shutdown-'));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM with requests in flight', () => {
  it('finishes a slow upload and a large list, refuses new connections, closes the database and exits 0', async () => {
    const port = await freePort();
    const databaseUrl = await freshDatabase(dataDir);
    const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'production' as const };
    // A company and its key, made by the operators' command (it migrates the fresh database).
    const made = spawnSync(process.execPath, [TSX, 'scripts/company.ts', 'create', '--name', 'Shutdown'], { env, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const company = JSON.parse(made.stdout) as { id: string; apiKey: string };

    let log = '';
    // The server in this very process (tsx as a loader, not tsx's CLI, whose parent process relays
    // signals and exits 143 when a busy child does not acknowledge one at once).
    child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    for (let i = 0; ; i++) {
      const up = await request(port, 'GET', '/api/health', {}).catch(() => null);
      if (up?.status === 200) break;
      if (i > 300 || child.exitCode !== null) throw new Error(`the server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const minted = await request(port, 'GET', '/api/authentication/generate-access-token', { authorization: `ApiKey ${company.apiKey}` });
    const token = JSON.parse(minted.body).data.idToken as string;
    const json = { authorization: token, 'content-type': 'application/json' };

    // A large list: 24 knowledge bases of 200 kB each, about 4.8 MB to answer.
    const content = 'x'.repeat(200_000);
    for (let i = 0; i < 24; i++) {
      const res = await request(port, 'POST', '/api/knowledge-bases', json, JSON.stringify({ knowledgeBase: { name: `KB ${i}`, description: 'd', enabled: true, sectors: [], content, type: 'text', multimodal: false, tags: [] } }));
      expect(res.status, res.body).toBe(201);
    }
    const file = await request(port, 'POST', '/api/knowledge-bases', json, JSON.stringify({ knowledgeBase: { name: 'File', description: 'd', enabled: true, sectors: [], content: '', type: 'file', multimodal: false, tags: [] }, filename: 'slow.txt' }));
    const fileId = JSON.parse(file.body).data.id as string;

    // 1. The list, its answer not read: the server cannot finish writing it until the client reads.
    const list = new Promise<{ status: number; body: string; res: http.IncomingMessage }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/knowledge-bases', headers: { authorization: token }, agent: false }, (res) => {
        res.pause();
        resolve({ status: res.statusCode!, body: '', res });
      });
      req.on('error', reject);
    });
    const listStarted = await list;
    expect(listStarted.status).toBe(200);

    // 2. The upload, half its body sent: the server has begun storing it (its staging file exists).
    const boundary = 'shutdown-boundary';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.txt"\r\ncontent-type: text/plain\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const fileBytes = Buffer.alloc(2 * 1024 * 1024, 'a');
    const length = Buffer.byteLength(head) + fileBytes.length + Buffer.byteLength(tail);
    let uploadAnswer = '';
    const upload = http.request({
      host: '127.0.0.1', port, method: 'PUT', path: `/api/knowledge-bases/${fileId}/file`, agent: false,
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
    });
    const uploaded = new Promise<number>((resolve, reject) => {
      upload.on('response', (res) => {
        res.setEncoding('utf8');
        res.on('data', (d: string) => (uploadAnswer += d));
        res.on('end', () => resolve(res.statusCode!));
      });
      upload.on('error', reject);
    });
    upload.write(head);
    upload.write(fileBytes.subarray(0, fileBytes.length / 2));
    const staging = () => {
      const dir = path.join(dataDir, 'files', company.id);
      return existsSync(dir) && readdirSync(dir).some((n) => n.startsWith('.upload-'));
    };
    for (let i = 0; !staging(); i++) {
      if (i > 300) throw new Error('the upload never reached the server');
      await new Promise((r) => setTimeout(r, 50));
    }

    // 3. The signal.
    const signalledAt = performance.now();
    child.kill('SIGTERM');
    // New connections are refused once the server stops listening.
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      refused = await request(port, 'GET', '/api/health', {}).then(
        () => false,
        (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
      );
      if (!refused) await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused).toBe(true);
    expect(child.exitCode, log).toBeNull(); // still finishing the two requests

    // 4. Both requests complete in full.
    upload.end(Buffer.concat([fileBytes.subarray(fileBytes.length / 2), Buffer.from(tail)]));
    expect(await uploaded, uploadAnswer).toBe(200);
    expect(JSON.parse(uploadAnswer).data.fileSize).toBe(fileBytes.length);
    const listBody = await new Promise<string>((resolve, reject) => {
      let text = '';
      listStarted.res.setEncoding('utf8');
      listStarted.res.on('data', (d: string) => (text += d));
      listStarted.res.on('end', () => resolve(text));
      listStarted.res.on('error', reject);
      listStarted.res.resume();
    });
    const items = JSON.parse(listBody).data as { content: string }[];
    expect(items).toHaveLength(25);
    expect(items[0].content).toBe(content);

    // 5. The process exits 0 within the bound (start-up slack for a loaded machine).
    expect(await exited, log).toBe(0);
    const drainMs = performance.now() - signalledAt;
    expect(drainMs).toBeLessThan(DRAIN_TIMEOUT_MS + 20_000);
    expect(log).toMatch(/SIGTERM: finishing the requests in flight/);
    expect(log).toMatch(/Stopped after \d+ ms/);
    expect(log).not.toMatch(/were cut/);
    console.log(`shutdown: ${log.match(/Stopped after \d+ ms/)![0]} (server's own figure); signal to exit seen here: ${Math.round(drainMs)} ms`);

    // 6. The database was closed: SQLite's write-ahead log checkpointed into the file; no PostgreSQL session left.
    if (databaseUrl.startsWith('file:')) {
      const wal = `${databaseUrl.slice(5)}-wal`;
      expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    } else {
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      await client.end();
      expect(rows[0].n).toBe(0);
    }
  }, 180_000);
});
