// `npm run bench:failed-credentials`: the server's CPU per failed credential (decision 086). The
// built server (fresh SQLite file, or BENCH_DATABASE_URL's PostgreSQL database) takes N wrong API
// keys (BENCH_ATTEMPTS, default 2,000; 8 at a time), each from its own client address (TRUST_PROXY
// and X-Forwarded-For: every one counted, none refused), then N requests to the same route
// without a credential (refused before any counting). The server's CPU time is read from /proc
// around each phase; the difference per request is what counting one failed attempt costs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopServer } from './server-process';

const PORT = Number(process.env.BENCH_PORT || 3462);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS || 2000);
const url = `http://127.0.0.1:${PORT}/api/authentication/generate-access-token`;

/** CPU time (ms) of a process and its descendants so far, from /proc (Linux). */
function treeCpuMs(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      const children = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim();
      for (const c of children ? children.split(/\s+/) : []) visit(Number(c));
    } catch {
      /* gone */
    }
  };
  visit(pid);
  return total;
}

async function phase(server: number, headers: (i: number) => Record<string, string>, expected: number): Promise<number> {
  const cpu0 = treeCpuMs(server);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < ATTEMPTS) {
        const i = next++;
        const res = await fetch(url, { headers: headers(i) });
        await res.arrayBuffer();
        if (res.status !== expected) throw new Error(`attempt ${i}: ${res.status}, expected ${expected}`);
      }
    }),
  );
  return (treeCpuMs(server) - cpu0) / ATTEMPTS;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aoc-bench-failed-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'production', TRUST_PROXY: '1' };
  const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (let ready = false; !ready; ) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      ready = await fetch(url).then((r) => r.status === 401, () => false);
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const wrong = (i: number) => ({ authorization: 'ApiKey not-a-key-at-all', 'x-forwarded-for': address(i + 1) });
    // Warm-up: the route and its statements loaded and compiled.
    for (let i = 0; i < 50; i++) await (await fetch(url, { headers: { ...wrong(ATTEMPTS + 100 + i) } })).arrayBuffer();
    const counted = await phase(server.pid!, wrong, 401);
    const uncounted = await phase(server.pid!, (i) => ({ 'x-forwarded-for': address(i + 1) }), 401);
    console.log(`\nFailed credentials: ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${ATTEMPTS} each, 8 at a time, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`);
    console.table([
      { request: 'wrong API key (counted)', 'server CPU ms/request': +counted.toFixed(2) },
      { request: 'no credential (not counted)', 'server CPU ms/request': +uncounted.toFixed(2) },
      { request: 'counting one failed attempt', 'server CPU ms/request': +(counted - uncounted).toFixed(2) },
    ]);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
