// Data-layer cost per operation, without HTTP: CPU milliseconds (this process's user + system
// time, so other work on the machine barely moves it) and wall milliseconds per call, for the
// agent detail read, create and update (replace), for a whole-company caller and (create, detail) a
// sector-limited one, on SQLite and PostgreSQL. What bench:api's detail and create
// phases cost above the framework's floor, isolated.
//   npx tsx bench/data-layer.ts [calls = 2000]   (BENCH_DATABASES="sqlite,postgresql", BENCH_CONCURRENCY=8)
import os from 'node:os';
import { forEachDatabase } from './in-process-databases';

const CALLS = Number(process.argv[2] || 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 8);
const DATABASES = (process.env.BENCH_DATABASES || 'sqlite,postgresql').split(',').map((s) => s.trim());

async function measure(label: string, op: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await op(i); // warm-up (JIT, statement caches)
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (next < CALLS) await op(next++); }));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { op: label, calls: CALLS, 'CPU ms/call': +((cpu.user + cpu.system) / 1000 / CALLS).toFixed(3), 'wall ms/call': +(wall / CALLS).toFixed(3) };
}

async function run(label: string) {
  const { createCompany } = await import('../lib/server/companies');
  const { bulkInsert } = await import('../scripts/lib/bulk-insert');
  const { createAgent, getAgentJson, replaceAgent } = await import('../lib/server/agents');
  const company = await createCompany(`Data layer ${label}`);
  const modelId = `${company.id}-model`;
  const now = new Date();
  await bulkInsert('AiModel', [{ id: modelId, companyId: company.id, name: 'Bench model', sectors: ['bench'], description: 'bench', enabled: true, provider: 'meta', model: 'llama', version: 1, createdAt: now, updatedAt: now }]);
  const toolIds = Array.from({ length: 20 }, (_, i) => `${company.id}-tool-${i}`);
  await bulkInsert('Tool', toolIds.map((id, i) => ({ id, companyId: company.id, name: `Tool ${i}`, description: 'bench', sectors: ['bench'], publisher: 'bench', enabled: true, environments: ['prod'], createdAt: now, updatedAt: now })));
  const actor = { companyId: company.id, kind: 'apiKey' as const, id: company.apiKeyId, name: 'default', userId: null, role: 'admin' as const, sectors: [] };
  const input = (i: number) => ({
    name: `Agent ${i}`, enabled: true, model: modelId, auto: false, reasoning: true, publisher: 'bench', temperature: 0.5,
    role: 'role', objective: 'objective', referencies: 'refs', 'can.delegate': false, can_code: false, multimodal: false,
    sectors: ['bench'], tools: [toolIds[i % 20], toolIds[(i + 1) % 20]], knowledgeBases: [],
  });
  // The same company limited to the sector every row has (D11, decision 076): what the sector rule adds.
  const limited = { ...actor, sectors: ['bench'] };
  const ids: string[] = [];
  const rows = [await measure('create', async (i) => ids.push((await createAgent(actor, input(i))).id))];
  rows.push(await measure('create, sector-limited', async (i) => ids.push((await createAgent(limited, input(i))).id)));
  rows.push(await measure('detail', (i) => getAgentJson(actor, ids[(i * 7919) % ids.length])));
  rows.push(await measure('detail, sector-limited', (i) => getAgentJson(limited, ids[(i * 7919) % ids.length])));
  // An update still goes through Prisma's query API (nested writes, read-back): what its engine costs.
  rows.push(await measure('update', (i) => replaceAgent(actor, ids[(i * 7919) % ids.length], input(i + 1))));
  return rows.map((r) => ({ database: label, ...r }));
}

async function main() {
  const all = await forEachDatabase(DATABASES, 'aoc-dl-', run);
  console.log(`Data layer, ${CONCURRENCY} concurrent calls, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.table(all);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
