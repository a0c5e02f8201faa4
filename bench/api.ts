// `npm run bench:api`: requests per second and p50/p99 latency of a list read (100 agents, and
// 10,000 agents with two tools each, seeded straight into the database, read by 4 clients), a
// detail read and a creation, at 32 concurrent clients, against the built server on a fresh
// SQLite file.
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
const LARGE_LIST = 10_000;
/** Each answer of the large list is about 4 MB: a few clients keep the server's memory bounded. */
const LARGE_LIST_CLIENTS = 4;

/** `concurrency` overrides CONCURRENCY for a phase whose answers are large (memory stays bounded). */
type Phase = { name: string; request: (i: number) => Promise<Response>; concurrency?: number };

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
    Array.from({ length: phase.concurrency ?? CONCURRENCY }, async () => {
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

/** A second company holding LARGE_LIST agents with two tools each (bulk-inserted: seconds, not minutes); answers its request headers. */
async function seedLargeCompany(): Promise<Record<string, string>> {
  const { createCompany } = await import('../lib/server/companies');
  const { bulkInsert } = await import('../scripts/lib/bulk-insert');
  const company = await createCompany('Bench large list');
  const auth = await (await fetch(`${base}/authentication/generate-access-token`, { headers: { authorization: `ApiKey ${company.apiKey}` } })).json();
  const headers = { authorization: auth.data.idToken, 'content-type': 'application/json' };
  const now = Date.now();
  const stamp = (i: number) => ({ createdAt: new Date(now + i), updatedAt: new Date(now + i) });
  const modelId = `${company.id}-model`;
  await bulkInsert('AiModel', [{ id: modelId, companyId: company.id, name: 'Bench model', sectors: ['bench'], description: 'bench', enabled: true, provider: 'meta', model: 'llama', version: 1, ...stamp(0) }]);
  const tools = Array.from({ length: 20 }, (_, i) => ({
    id: `${company.id}-tool-${i}`, companyId: company.id, name: `Tool ${i}`, description: 'bench', sectors: ['bench'], publisher: 'bench', enabled: true, environments: ['prod'], ...stamp(i),
  }));
  await bulkInsert('Tool', tools);
  const agents = Array.from({ length: LARGE_LIST }, (_, i) => ({
    id: `${company.id}-agent-${String(i).padStart(6, '0')}`, companyId: company.id, name: `Agent ${i}`, enabled: true, modelId, auto: false, reasoning: true,
    publisher: 'bench', temperature: 0.5, role: 'role', objective: 'objective', referencies: 'refs', canDelegate: false, canCode: false, multimodal: false,
    sectors: ['bench'], ...stamp(i),
  }));
  await bulkInsert('Agent', agents);
  await bulkInsert('AgentTool', agents.flatMap((a, i) => [0, 1].map((position) => ({ agentId: a.id, toolId: tools[(i + position) % tools.length].id, position }))));
  const check = await fetch(`${base}/agents`, { headers });
  const count = ((await check.json()) as unknown[]).length;
  if (check.status !== 200 || count !== LARGE_LIST) throw new Error(`the ${LARGE_LIST} agents list answered ${check.status} with ${count} agents`);
  return headers;
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
    const largeHeaders = await seedLargeCompany();

    const results = [];
    results.push(await runPhase({ name: 'GET /api/agents (100 agents)', request: () => fetch(`${base}/agents`, { headers }) }));
    results.push(
      await runPhase({
        name: `GET /api/agents (${LARGE_LIST.toLocaleString('en')} agents, ${LARGE_LIST_CLIENTS} clients)`,
        request: () => fetch(`${base}/agents`, { headers: largeHeaders }),
        concurrency: LARGE_LIST_CLIENTS,
      }),
    );
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
