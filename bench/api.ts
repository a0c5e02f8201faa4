// `npm run bench:api`: requests per second and p50/p99 latency of a list read, a detail read
// and a creation, at 32 concurrent clients, against the built server on a fresh SQLite file.
// Figures, not pass/fail. Needs a build (`npm run build`). Traffic stays on 127.0.0.1 and each
// phase is bounded in time and count.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 32);
const PHASE_MS = Number(process.env.BENCH_SECONDS || 8) * 1000;
const MAX_REQUESTS = 20_000;
const PORT = Number(process.env.BENCH_PORT || 3457);
const base = `http://127.0.0.1:${PORT}/api`;

type Phase = { name: string; request: (i: number) => Promise<Response> };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function runPhase(phase: Phase) {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const start = performance.now();
  const deadline = start + PHASE_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline && issued < MAX_REQUESTS) {
        const i = issued++;
        const t0 = performance.now();
        const res = await phase.request(i);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status >= 300) errors++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    phase: phase.name,
    requests: latencies.length,
    'req/s': Math.round(latencies.length / seconds),
    'p50 ms': +percentile(latencies, 50).toFixed(1),
    'p99 ms': +percentile(latencies, 99).toFixed(1),
    errors,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aoc-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' };
  const server = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'server.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout?.on('data', (d: Buffer) => d.toString().includes('ready on') && resolve());
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    const { createCompany } = await import('../lib/server/companies');
    const company = await createCompany('Bench');
    const auth = await (await fetch(`${base}/authentication/generate-access-token`, { headers: { authorization: `ApiKey ${company.apiKey}` } })).json();
    const headers = { authorization: auth.data.idToken, 'content-type': 'application/json' };
    const post = (p: string, body: unknown) => fetch(`${base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const model = await (await post('/ai-models', { model: { name: 'Bench model', sectors: ['bench'], description: 'bench', enabled: true, provider: 'openai', model: 'gpt-4o', apikey: 'sk-bench-0123456789abcdef' } })).json();
    const agent = (i: number) => ({
      name: `Agent ${i}`, enabled: true, model: model.id, auto: false, reasoning: true, publisher: 'bench', temperature: 0.5,
      role: 'role', objective: 'objective', referencies: 'refs', 'can.delegate': false, can_code: false, multimodal: false,
      sectors: ['bench'], tools: [], knowledgeBases: [],
    });
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push((await (await post('/agents', agent(i))).json()).data.id);

    const results = [];
    results.push(await runPhase({ name: 'GET /api/agents (100 agents)', request: () => fetch(`${base}/agents`, { headers }) }));
    results.push(await runPhase({ name: 'GET /api/agents/{id}', request: (i) => fetch(`${base}/agents/${ids[i % ids.length]}`, { headers }) }));
    results.push(await runPhase({ name: 'POST /api/agents', request: (i) => post('/agents', agent(1000 + i)) }));
    console.log(`\nAPI benchmark: SQLite, ${CONCURRENCY} concurrent clients, ${PHASE_MS / 1000} s per phase, ${os.cpus().length} cores, Node ${process.version}`);
    console.table(results);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
