// `npm run bench:activity`: the activity export (D12, decision 074) of BENCH_EVENTS (100,000)
// events, as CSV and as JSON Lines, on SQLite and PostgreSQL (BENCH_DATABASES, default both).
// For each database: a fresh database, the server spawned (`tsx server.ts`, production mode), a
// company whose events are bulk-inserted straight into the table; then each export read to the
// end by one client, timed from the request to the last byte. The server's memory: its process
// tree's resident set (VmRSS, /proc) sampled every 20 ms during the export, the highest sample
// printed beside the RSS just before the export ("before") — the export's own cost is the
// difference. Figures, not pass/fail; traffic stays on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pointAtDatabase, stopServer, treeRssMb } from './server-process';

const EVENTS = Number(process.env.BENCH_EVENTS || 100_000);
const PORT = Number(process.env.BENCH_PORT || 3461);
const DATABASES = (process.env.BENCH_DATABASES || 'sqlite,postgresql').split(',').map((s) => s.trim());
const base = `http://127.0.0.1:${PORT}/api`;

/** fetch, once more if a kept-alive connection the server closed while idle (seeding) fails at once. */
async function fetchAgain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'server.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited before answering');
    try {
      await (await fetch(`${base}/health`)).arrayBuffer();
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** A company with EVENTS events, bulk-inserted; answers an access token of its admin key. */
async function seed(): Promise<string> {
  const { createCompany } = await import('../lib/server/companies');
  const { bulkInsert } = await import('../scripts/lib/bulk-insert');
  const company = await createCompany(`Activity bench ${Date.now()}`);
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: EVENTS }, (_, i) => ({
    id: `bench-${i}`,
    companyId: company.id,
    at: new Date(start + i * 1000),
    actorKind: i % 5 ? 'apiKey' : 'user',
    actorId: i % 5 ? 'key-1' : 'user-1',
    actorName: i % 5 ? 'CI deploy key' : 'Ada Lovelace',
    action: ['created', 'updated', 'updated', 'enabled', 'deleted'][i % 5],
    kind: ['agents', 'squads', 'tools', 'knowledge-bases', 'ai-models'][i % 5],
    resourceId: `resource-${i % 997}`,
    resourceName: `Resource ${i % 997}, "quoted"`,
    version: 1 + (i % 40),
    sectors: ['support'],
    address: '10.0.0.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) bench',
  }));
  await bulkInsert('ActivityEvent', rows);
  const res = await fetchAgain(`${base}/authentication/generate-access-token`, { headers: { authorization: `ApiKey ${company.apiKey}` } });
  return ((await res.json()) as { data: { idToken: string } }).data.idToken;
}

async function exportOnce(token: string, format: 'csv' | 'jsonl', serverPid: number) {
  const before = treeRssMb(serverPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(serverPid))), 20);
  const t0 = performance.now();
  const res = await fetchAgain(`${base}/activity?format=${format}`, { headers: { authorization: token } });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, treeRssMb(serverPid));
  return { format, events: format === 'csv' ? lines - 1 : lines, MB: +(bytes / 1e6).toFixed(1), seconds: +(ms / 1000).toFixed(2), 'events/s': Math.round(((format === 'csv' ? lines - 1 : lines) / ms) * 1000), 'RSS before MB': before, 'RSS peak MB': peak };
}

async function run(database: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aoc-activity-bench-'));
  let postgres: { url: string; stop(): Promise<void> } | undefined;
  if (database === 'postgresql') {
    const { startPostgres } = await import('../scripts/lib/postgres');
    postgres = await startPostgres();
  }
  const url = postgres?.url ?? `file:${path.join(dataDir, 'app.db')}`;
  const server = await startServer({ ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'production' });
  try {
    await pointAtDatabase(url, dataDir);
    const token = await seed();
    const rows = [];
    for (const format of ['csv', 'jsonl', 'csv', 'jsonl'] as const) rows.push({ database, ...(await exportOnce(token, format, server.pid!)) });
    console.table(rows);
  } finally {
    await stopServer(server);
    await pointAtDatabase('', '');
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`Activity export of ${EVENTS.toLocaleString('en')} events (node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  for (const database of DATABASES) await run(database);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
