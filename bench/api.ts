// `npm run bench:api`: the API's speed against the framework's own floor (issue 8), on SQLite and
// on PostgreSQL side by side, against the built server (`npm run build`, which also compiles
// dist/server.mjs; without it the bench falls back to `tsx server.ts`).
//
// For each database: a fresh database, the server spawned and timed until GET /api/health/ready
// answers through Next.js (cold start, migrations of the fresh database included; the probe was
// GET /api/health until the front door answered it itself, decision 105), a company of 1,000 agents
// (two tools each), bulk-inserted; then, at BENCH_CONCURRENCY clients (32), the phases below
// (about a minute of load: the RSS then, and 15 s later, is issue 8's memory figure); then a
// company of 10,000 agents for the large list:
//   floor    POST /api/health, its 405 envelope (no credential, no database: what Next.js, the custom
//            server and the route wrapper cost; GET /api/health was the floor until the front door
//            answered it itself, decision 105)
//   auth     GET /api/tools/availables (the token check, no data)
//   detail   GET /api/agents/{id} (1,000 agents), with the company's key and with a key of the
//            same company limited to the agents' sector (D11, decision 076)
//   list     GET /api/agents at 1,000 agents (8 clients) and 10,000 agents (4 clients)
//   paged    GET /api/agents?limit=100 at 50,000 agents (BENCH_HUGE): the first, the middle and the
//            last page (4 clients each), and the whole unpaged list (1 client), D13 (decision 040)
//   refused  POST /api/agents with a bad field: a 400 (the body read and checked, no database)
//   create   POST /api/agents (a model and two tools to check, a history record, a version), with
//            each of those two keys
// after a 2-second unreported warm-up of the first three.
// req/s, p50, p99, the ratio to the floor (measured beside each phase: a half-length slice of the
// floor route just before it and one just after, averaged, so that a slow spell of the shared
// machine moves both sides of the ratio), the server's CPU time per request (user + system, read
// from /proc: what other work on the machine barely moves) and its ratio to the floor's, the
// server's RSS after each phase and at the end, and a second cold start on the now-migrated
// database (a restart).
// Figures, not pass/fail. Traffic stays on 127.0.0.1; each phase is bounded in time and count.
//
// On SQLite, right after each list phase, the same list from the bare baseline of issue 8
// (bench/bare-list.mjs: node:http + better-sqlite3 on the same database file, pinned the same
// way, before the create phase adds agents): "of bare" is the API's list rate as a share of it.
//
// BENCH_PHASES (a comma list of words: only the phases whose name holds one; the floor always
// runs; "cold" alone: only the two cold starts, the fresh one and the restart after the same
// 1,000- and 10,000-agent companies were seeded, no load), BENCH_ROUNDS (1: the databases that
// many times in turn, each round on a fresh database), BENCH_CPU_PROF (a folder: the server runs under the inspector's profiler and writes one
// profile per reported phase there, <database>-<phase>.cpuprofile, the client's work not in it;
// summarise one with `npm run bench:profile -- <file>`),
// BENCH_SECONDS (8) per phase, BENCH_CONCURRENCY (32), BENCH_PORT (3457), BENCH_PIN (a CPU list
// for `taskset`, default "0": the server on one core, and this process, its clients and the
// PostgreSQL it starts on the others, as issue 8 measured; "" to not pin),
// BENCH_DATABASES ("sqlite,postgresql"), BENCH_ROOT (the project folder to serve: another
// checkout, to compare), BENCH_SERVER ("dist" or "tsx"; default dist when built), BENCH_KEEP (keep
// each database's data folder, printed nowhere but left under the system's temporary folder).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pointAtDatabase, stopServer, treeRssMb } from './server-process';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 32);
const PHASE_MS = Number(process.env.BENCH_SECONDS || 8) * 1000;
const MAX_REQUESTS = 40_000;
const WARMUP_MS = 2_000;
const SETTLE_MS = 15_000;
const PORT = Number(process.env.BENCH_PORT || 3457);
const PIN = process.env.BENCH_PIN ?? '0';
const ROOT = path.resolve(process.env.BENCH_ROOT || process.cwd());
const DATABASES = (process.env.BENCH_DATABASES || 'sqlite,postgresql').split(',').map((s) => s.trim());
const base = `http://127.0.0.1:${PORT}/api`;
const PHASE_FILTER = (process.env.BENCH_PHASES || '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
/** BENCH_PHASES=cold: the cold starts only (issue 22), no phase under load. */
const COLD_ONLY = PHASE_FILTER.length === 1 && PHASE_FILTER[0] === 'cold';
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 1));
const CPU_PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : '';
const MEDIUM = 1_000;
const LARGE = 10_000;
/** D13's paged lists (decision 040): a company this large, read in pages of 100 and whole. */
const HUGE = Number(process.env.BENCH_HUGE || 50_000);
const HUGE_PAGE = 100;

type Phase = {
  name: string; request: (i: number) => Promise<Response>; concurrency?: number; expect?: number;
  /** A list phase: the bare baseline lists the same company right after it (SQLite). */
  bare?: { companyId: string; count: number };
};
type Row = {
  phase: string; requests: number; 'req/s': number; 'p50 ms': number; 'p99 ms': number; 'p99/p50': number; 'of floor': string; 'floor beside': number; 'of bare': string; errors: number;
  'CPU ms/req': number; 'CPU of floor': string; 'RSS MB': number;
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** CPU time (user + system) a process and its descendants have used so far, in ms (/proc; 0 where there is none). */
function treeCpuMs(pid: number): number {
  let ticks = 0;
  const visit = (p: number) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of proc(5))
      const children = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim();
      for (const c of children ? children.split(/\s+/) : []) visit(Number(c));
    } catch {
      /* gone, or no /proc */
    }
  };
  visit(pid);
  return ticks * (1000 / CLOCK_TICKS);
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** With BENCH_CPU_PROF: starts (or stops and names) the server's profile of one phase (bench/profile-phases.mjs). */
async function toggleProfile(serverPid: number | undefined, name?: string): Promise<void> {
  if (!CPU_PROF || !serverPid) return;
  const file = name ? path.join(CPU_PROF, `${name}.cpuprofile`) : '';
  if (name) writeFileSync(path.join(CPU_PROF, '.phase'), name);
  process.kill(serverPid, 'SIGUSR2');
  for (let i = 0; file && !existsSync(file) && i < 500; i++) await new Promise((r) => setTimeout(r, 20));
}

async function runPhase(phase: Phase, durationMs = PHASE_MS, serverPid?: number, profileName?: string): Promise<Omit<Row, 'of floor' | 'floor beside' | 'of bare' | 'RSS MB' | 'CPU of floor'>> {
  const latencies: number[] = [];
  if (profileName) await toggleProfile(serverPid);
  const cpuBefore = serverPid ? treeCpuMs(serverPid) : 0;
  let errors = 0;
  let issued = 0;
  const start = performance.now();
  const deadline = start + durationMs;
  await Promise.all(
    Array.from({ length: phase.concurrency ?? CONCURRENCY }, async () => {
      while (performance.now() < deadline && issued < MAX_REQUESTS) {
        const i = issued++;
        const t0 = performance.now();
        const res = await phase.request(i);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (phase.expect ? res.status !== phase.expect : res.status >= 300) errors++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpuMs = serverPid ? treeCpuMs(serverPid) - cpuBefore : 0;
  if (profileName) await toggleProfile(serverPid, profileName);
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  return {
    phase: phase.name,
    requests: latencies.length,
    'req/s': Math.round(latencies.length / seconds),
    'p50 ms': +p50.toFixed(1),
    'p99 ms': +p99.toFixed(1),
    'p99/p50': +(p99 / p50).toFixed(1),
    errors,
    'CPU ms/req': +(cpuMs / latencies.length).toFixed(3),
  };
}

/**
 * The environment and Node flags `npm start` gives the server (package.json's start script, the
 * one place they are written: decision 023's process flags), so the bench serves the same way.
 */
function startSettings(): { env: Record<string, string>; flags: string[] } {
  const start = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts?: { start?: string } }).scripts?.start ?? '';
  const words = start.split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  const flags: string[] = [];
  for (const word of words) {
    if (word === 'node') continue;
    if (/^[A-Z_]+=/.test(word)) env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
    else if (word.startsWith('--')) flags.push(word);
    else break;
  }
  return { env, flags };
}

/** The command that serves the built app: dist/server.mjs when compiled, else tsx server.ts. */
function serverCommand(): string[] {
  const compiled = path.join(ROOT, 'dist', 'server.mjs');
  const mode = process.env.BENCH_SERVER || (existsSync(compiled) ? 'dist' : 'tsx');
  const profiled = path.join(path.dirname(path.resolve(process.argv[1])), 'profile-phases.mjs');
  const { flags } = startSettings();
  const args =
    mode === 'dist'
      ? [...flags, ...(CPU_PROF ? [profiled, CPU_PROF, compiled] : [compiled])]
      : [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), ...(CPU_PROF ? [profiled, CPU_PROF] : []), 'server.ts'];
  const hasTaskset = PIN && spawnSync('taskset', ['--version']).status === 0;
  return hasTaskset ? ['taskset', '-c', PIN, process.execPath, ...args] : [process.execPath, ...args];
}

/**
 * Spawns the server; resolves once GET /api/health/ready answers at all, with the milliseconds that took
 * and the CPU time the server used until then (user + system: what a loaded machine moves least).
 */
async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; coldStartMs: number; cpuMs: number }> {
  const [cmd, ...args] = serverCommand();
  const t0 = performance.now();
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  child.once('exit', () => (exited = true));
  while (!exited) {
    try {
      await (await fetch(`${base}/health/ready`)).arrayBuffer();
      return { child, coldStartMs: Math.round(performance.now() - t0), cpuMs: Math.round(treeCpuMs(child.pid!)) };
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  throw new Error(`the server exited before answering (${cmd} ${args.join(' ')})`);
}

/** A company holding `count` agents with two of 20 tools each (bulk-inserted); answers its headers and agent ids, model and tools. */
async function seedCompany(count: number, checkWhole = true) {
  const { createCompany } = await import('../lib/server/companies');
  const { bulkInsert } = await import('../scripts/lib/bulk-insert');
  const company = await createCompany(`Bench ${count} agents`);
  const auth = await (await fetch(`${base}/authentication/generate-access-token`, { headers: { authorization: `ApiKey ${company.apiKey}` } })).json();
  const headers = { authorization: auth.data.idToken, 'content-type': 'application/json' };
  // A key of the same company limited to the sector every seeded row has (D11, decision 076): the
  // same reads and writes through the store's sector condition.
  const { db } = await import('../lib/server/db');
  const { randomToken, sha256 } = await import('../lib/server/crypto');
  const secret = `bench_${randomToken()}`;
  await db().apiKey.create({ data: { companyId: company.id, name: 'bench sector key', prefix: secret.slice(0, 10), hash: sha256(secret), role: 'editor', sectors: ['bench'] } });
  const limitedAuth = await (await fetch(`${base}/authentication/generate-access-token`, { headers: { authorization: `ApiKey ${secret}` } })).json();
  const limitedHeaders = { authorization: limitedAuth.data.idToken, 'content-type': 'application/json' };
  const now = Date.now();
  const stamp = (i: number) => ({ createdAt: new Date(now + i), updatedAt: new Date(now + i) });
  // (agents: createdAt now + i, so the bench can build a page's cursor)
  const modelId = `${company.id}-model`;
  await bulkInsert('AiModel', [{ id: modelId, companyId: company.id, name: 'Bench model', sectors: ['bench'], description: 'bench', enabled: true, provider: 'meta', model: 'llama', version: 1, ...stamp(0) }]);
  const tools = Array.from({ length: 20 }, (_, i) => ({
    id: `${company.id}-tool-${i}`, companyId: company.id, name: `Tool ${i}`, description: 'bench', sectors: ['bench'], publisher: 'bench', enabled: true, environments: ['prod'], ...stamp(i),
  }));
  await bulkInsert('Tool', tools);
  const agents = Array.from({ length: count }, (_, i) => ({
    id: `${company.id}-agent-${String(i).padStart(6, '0')}`, companyId: company.id, name: `Agent ${i}`, enabled: true, modelId, auto: false, reasoning: true,
    publisher: 'bench', temperature: 0.5, role: 'role', objective: 'objective', referencies: 'refs', canDelegate: false, canCode: false, multimodal: false,
    sectors: ['bench'], ...stamp(i),
  }));
  await bulkInsert('Agent', agents);
  await bulkInsert('AgentTool', agents.flatMap((a, i) => [0, 1].map((position) => ({ agentId: a.id, toolId: tools[(i + position) % tools.length].id, position }))));
  if (checkWhole) {
    const check = await fetch(`${base}/agents`, { headers });
    const listed = ((await check.json()) as unknown[]).length;
    if (check.status !== 200 || listed !== count) throw new Error(`the ${count} agents list answered ${check.status} with ${listed} agents`);
  }
  return { companyId: company.id, headers, limitedHeaders, ids: agents.map((a) => a.id), modelId, toolIds: tools.map((t) => t.id), createdAt: now };
}

/** An answer read in full (the body kept), or a 599 when the request or its body failed. */
async function wholeAnswer(url: string, headers: Record<string, string>): Promise<Response> {
  try {
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    const count = res.status === 200 ? (JSON.parse(Buffer.from(body).toString('utf8')) as unknown[]).length : 0;
    return new Response(body, { status: res.status === 200 && count !== HUGE ? 598 : res.status });
  } catch {
    return new Response(null, { status: 599 });
  }
}

/** Runs `run` against the bare list server of bench/bare-list.mjs on `file`, pinned as the API server is. */
async function withBareServer<T>(file: string, companyId: string, run: (url: string, pid: number) => Promise<T>): Promise<T> {
  const port = PORT + 1;
  const script = path.join(path.dirname(path.resolve(process.argv[1])), 'bare-list.mjs');
  const hasTaskset = PIN && spawnSync('taskset', ['--version']).status === 0;
  const [cmd, ...args] = hasTaskset ? ['taskset', '-c', PIN, process.execPath, script] : [process.execPath, script];
  const child = spawn(cmd, [...args, file, String(port), companyId], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', () => reject(new Error('the bare list server exited before answering')));
  });
  try {
    return await run(`http://127.0.0.1:${port}/agents`, child.pid!);
  } finally {
    await stopServer(child);
  }
}

const wanted = (name: string) => !PHASE_FILTER.length || name.startsWith('floor') || PHASE_FILTER.some((w) => name.toLowerCase().includes(w));

async function benchDatabase(label: string, url: string, dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...startSettings().env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: url, NODE_ENV: 'production' };
  const first = await startServer(env);
  let server = first.child;
  try {
    await pointAtDatabase(url, dataDir);
    // The seeded rows get their first versions, as rows written through the API have them: the
    // restart below then measures a steady start, not the one-time backfill (decision 013).
    const { backfillVersions } = await import('../lib/server/kinds/backfill');
    const medium = await seedCompany(MEDIUM);
    await backfillVersions();
    if (COLD_ONLY) {
      // The restart sees what the full run's restart sees: both companies, with their versions.
      await seedCompany(LARGE);
      await backfillVersions();
      await stopServer(server);
      const restart = await startServer(env);
      server = restart.child;
      return { label, rows: [], rssMediumMb: 0, rssMediumSettledMb: 0, rssMb: treeRssMb(server.pid!), first, restart };
    }
    const agent = (i: number) => ({
      name: `Agent ${i}`, enabled: true, model: medium.modelId, auto: false, reasoning: true, publisher: 'bench', temperature: 0.5,
      role: 'role', objective: 'objective', referencies: 'refs', 'can.delegate': false, can_code: false, multimodal: false,
      sectors: ['bench'], tools: [medium.toolIds[i % 20], medium.toolIds[(i + 1) % 20]], knowledgeBases: [],
    });
    const h = medium.headers;
    const phases: Phase[] = [
      { name: 'floor: POST /api/health, 405', request: () => fetch(`${base}/health`, { method: 'POST' }), expect: 405 },
      { name: 'GET /api/tools/availables (token check)', request: () => fetch(`${base}/tools/availables`, { headers: h }) },
      { name: 'detail: GET /api/agents/{id}', request: (i) => fetch(`${base}/agents/${medium.ids[(i * 7919) % MEDIUM]}`, { headers: h }) },
      { name: 'detail, sector-limited key: GET /api/agents/{id}', request: (i) => fetch(`${base}/agents/${medium.ids[(i * 7919) % MEDIUM]}`, { headers: medium.limitedHeaders }) },
      { name: `list: GET /api/agents (${MEDIUM.toLocaleString('en')}, 8 clients)`, request: () => fetch(`${base}/agents`, { headers: h }), concurrency: 8, bare: { companyId: medium.companyId, count: MEDIUM } },
      // What a POST costs before the data layer: the body read and checked, refused (400), nothing written.
      { name: 'refused create: POST /api/agents, 400', request: (i) => fetch(`${base}/agents`, { method: 'POST', headers: h, body: JSON.stringify({ ...agent(i), temperature: 'hot' }) }), expect: 400 },
      // Last: the agents it creates would grow the 1,000-agent company.
      { name: 'create: POST /api/agents', request: (i) => fetch(`${base}/agents`, { method: 'POST', headers: h, body: JSON.stringify(agent(i)) }) },
      { name: 'create, sector-limited key: POST /api/agents', request: (i) => fetch(`${base}/agents`, { method: 'POST', headers: medium.limitedHeaders, body: JSON.stringify(agent(i)) }) },
    ];
    // Warm-up, not reported: the first phase would otherwise pay for the JIT and lazy route loading.
    for (const phase of phases.slice(0, 3)) await runPhase({ ...phase, name: 'warm-up' }, WARMUP_MS);
    const rows: Row[] = [];
    const bareRows: Row[] = [];
    // The bare baseline on the same file (SQLite only), right after the API's list phase, so both
    // list the same rows (the create phase adds agents to the 1,000-agent company): its share.
    const compareBare = async (ours: Row, companyId: string, count: number, concurrency: number) => {
      if (!label.startsWith('SQLite')) return;
      await withBareServer(url.replace(/^file:/, ''), companyId, async (bareUrl, bareServer) => {
        await runPhase({ name: 'warm-up', request: () => fetch(bareUrl), concurrency }, WARMUP_MS);
        const bare = await runPhase({ name: `bare node:http + better-sqlite3 list (${count.toLocaleString('en')}, ${concurrency} clients)`, request: () => fetch(bareUrl), concurrency }, PHASE_MS, bareServer);
        ours['of bare'] = `${Math.round((100 * ours['req/s']) / bare['req/s'])} %`;
        bareRows.push({ ...bare, 'of floor': '', 'floor beside': 0, 'CPU of floor': '', 'of bare': '100 %', 'RSS MB': 0 });
      });
    };
    // Each phase's share of the floor is taken against the floor measured right beside it: a slice
    // of the floor route just before the phase and one just after (half a phase each), averaged.
    // A slow spell of the shared machine then moves both sides of the ratio, not one.
    const floorBeside = () => runPhase(phases[0], PHASE_MS / 2, server.pid);
    const report = async (phase: Phase) => {
      const before = rows.length ? await floorBeside() : undefined;
      const result = await runPhase(phase, PHASE_MS, server.pid, `${label}-${phase.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`);
      const after = rows.length ? await floorBeside() : undefined;
      const floorRate = before && after ? (before['req/s'] + after['req/s']) / 2 : result['req/s'];
      const floorCpu = before && after ? (before['CPU ms/req'] + after['CPU ms/req']) / 2 : result['CPU ms/req'];
      const share = `${Math.round((100 * result['req/s']) / floorRate)} %`;
      const cpuShare = floorCpu ? `${Math.round((100 * floorCpu) / result['CPU ms/req'])} %` : '';
      const row: Row = { ...result, 'of floor': share, 'floor beside': Math.round(floorRate), 'CPU of floor': cpuShare, 'of bare': '', 'RSS MB': treeRssMb(server.pid!) };
      rows.push(row);
      if (phase.bare) await compareBare(row, phase.bare.companyId, phase.bare.count, phase.concurrency ?? CONCURRENCY);
    };
    for (const phase of phases.filter((p) => wanted(p.name))) await report(phase);
    // Issue 8's memory target: 1,000 agents seeded and about a minute of that load (the phases above).
    const rssMediumMb = treeRssMb(server.pid!);
    await new Promise((r) => setTimeout(r, SETTLE_MS)); // V8 gives memory back once allocation stops (its memory reducer)
    const rssMediumSettledMb = treeRssMb(server.pid!);
    // Then the 10,000-agent company, for the large list only.
    const large = await seedCompany(LARGE);
    await backfillVersions();
    const largeList: Phase = {
      name: `list: GET /api/agents (${LARGE.toLocaleString('en')}, 4 clients)`,
      request: () => fetch(`${base}/agents`, { headers: large.headers }),
      concurrency: 4,
      bare: { companyId: large.companyId, count: LARGE },
    };
    if (wanted(largeList.name)) await report(largeList);
    // Then the 50,000-agent company (D13): its first, middle and last page of 100, and the whole list.
    const hugeName = HUGE.toLocaleString('en');
    const hugePhases = (huge: Awaited<ReturnType<typeof seedCompany>>, cursorAt: (i: number) => string): Phase[] => {
      const page = (last?: string) => fetch(`${base}/agents?limit=${HUGE_PAGE}${last ? `&last=${last}` : ''}`, { headers: huge.headers });
      const middle = cursorAt(Math.floor(HUGE / 2) - 1);
      const lastPage = cursorAt(HUGE - HUGE_PAGE - 1);
      return [
        { name: `paged first: GET /api/agents?limit=${HUGE_PAGE} (${hugeName}, 4 clients)`, request: () => page(), concurrency: 4 },
        { name: `paged middle: GET /api/agents?limit=${HUGE_PAGE}&last=… (${hugeName}, 4 clients)`, request: () => page(middle), concurrency: 4 },
        { name: `paged last: GET /api/agents?limit=${HUGE_PAGE}&last=… (${hugeName}, 4 clients)`, request: () => page(lastPage), concurrency: 4 },
        // Read in full here: a failure (the connection closed mid-answer) counts as an error (599), not a crash of the bench.
        { name: `unpaged: GET /api/agents (${hugeName}, 1 client)`, request: () => wholeAnswer(`${base}/agents`, huge.headers), concurrency: 1 },
      ];
    };
    if ([`paged: GET /api/agents?limit= (${hugeName})`, `unpaged: GET /api/agents (${hugeName})`].some(wanted)) {
      // The whole list is read by the "unpaged" phase (its errors column says whether it answered).
      const huge = await seedCompany(HUGE, false);
      await backfillVersions();
      const { encodeListCursor } = await import('../lib/server/list-page');
      const createdAt = (i: number) => new Date(huge.createdAt + i).toISOString();
      const phasesHuge = hugePhases(huge, (i) => encodeListCursor(createdAt(i), huge.ids[i]));
      // Each page answers what it should: 100 agents, the last page with no next link.
      for (const [i, phase] of phasesHuge.slice(0, 3).entries()) {
        const res = await phase.request(0);
        const items = (await res.json()) as { id: string }[];
        const from = [0, Math.floor(HUGE / 2), HUGE - HUGE_PAGE][i];
        if (items.length !== HUGE_PAGE || items[0].id !== huge.ids[from] || Boolean(res.headers.get('link')) !== (i < 2)) {
          throw new Error(`${phase.name} answered ${items.length} agents from ${items[0]?.id}, link ${res.headers.get('link')}`);
        }
      }
      for (const phase of phasesHuge.filter((p) => wanted(p.name))) await report(phase);
    }
    const rssMb = treeRssMb(server.pid!);
    await stopServer(server);
    const restart = await startServer(env);
    server = restart.child;
    rows.push(...bareRows);
    return { label, rows, rssMediumMb, rssMediumSettledMb, rssMb, first, restart };
  } finally {
    await stopServer(server);
  }
}

/** The cores of a `taskset` list ("0", "0,2", "1-3"). */
function cpuList(list: string): Set<number> {
  const cores = new Set<number>();
  for (const part of list.split(',')) {
    const [from, to = from] = part.split('-').map(Number);
    for (let core = from; core <= to; core++) cores.add(core);
  }
  return cores;
}

/**
 * Moves this process (every thread: the clients), and so the PostgreSQL it starts, off the
 * server's cores: unpinned, they were scheduled on the server's core now and then, which showed
 * as a slow spell or a long p99 of one phase and not of the next. Answers the clients' cores.
 */
function pinClients(): string {
  if (!PIN || spawnSync('taskset', ['--version']).status !== 0) return 'not pinned';
  const server = cpuList(PIN);
  const others = os.cpus().map((_, core) => core).filter((core) => !server.has(core));
  if (!others.length) return 'not pinned';
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', others.join(','), String(process.pid)]).status === 0;
  return pinned ? `core ${others.join(',')}` : 'not pinned';
}

async function main() {
  if (CPU_PROF) mkdirSync(CPU_PROF, { recursive: true });
  const clientCores = pinClients();
  const results: Awaited<ReturnType<typeof benchDatabase>>[] = [];
  for (let round = 1; round <= ROUNDS; round++) for (const database of DATABASES) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aoc-bench-'));
    try {
      if (database === 'postgresql') {
        const { startPostgres } = await import('../scripts/lib/postgres');
        const pg = await startPostgres();
        try {
          results.push(await benchDatabase(`PostgreSQL${ROUNDS > 1 ? ` (round ${round})` : ''}`, pg.url, dataDir));
        } finally {
          await pointAtDatabase('', dataDir);
          await pg.stop();
        }
      } else {
        results.push(await benchDatabase(`SQLite${ROUNDS > 1 ? ` (round ${round})` : ''}`, `file:${path.join(dataDir, 'app.db')}`, dataDir));
      }
    } finally {
      if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const [cmd, ...args] = serverCommand();
  console.log(
    `\nAPI benchmark: ${CONCURRENCY} concurrent clients unless said, ${PHASE_MS / 1000} s per phase, ${os.cpus().length} cores` +
      ` (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}), Node ${process.version}\nclients and PostgreSQL: ${clientCores}; server: ${[cmd, ...args].map((a) => (path.isAbsolute(a) && a.startsWith(ROOT) ? path.relative(ROOT, a) : path.basename(a))).join(' ')} in ${ROOT}`,
  );
  if (!COLD_ONLY) {
    for (const r of results) {
      console.log(`\n${r.label}`);
      console.table(r.rows);
    }
    console.log('\nSide by side (req/s, p50/p99 ms, share of the floor by rate and by server CPU per request):');
    const sideBySide = Object.fromEntries(
      results[0].rows.map((row) => [
        row.phase,
        Object.fromEntries(
          results.map((r) => {
            const same = r.rows.find((other) => other.phase === row.phase);
            return [r.label, same ? `${same['req/s']} req/s, ${same['p50 ms']}/${same['p99 ms']} ms, ${same['of floor']} (CPU ${same['CPU of floor'] || '–'})` : ''];
          }),
        ),
      ]),
    );
    console.table(sideBySide);
  }
  console.table(
    Object.fromEntries(
      results.map((r) => [
        r.label,
        {
          ...(COLD_ONLY
            ? {}
            : { 'RSS, 1,000 agents + the load (MB)': r.rssMediumMb, [`and ${SETTLE_MS / 1000} s later`]: r.rssMediumSettledMb, 'RSS at the end (+10,000 agents) (MB)': r.rssMb }),
          'cold start, fresh database (ms)': r.first.coldStartMs,
          'cold start, restart (ms)': r.restart.coldStartMs,
          'server CPU until then, fresh / restart (ms)': `${r.first.cpuMs} / ${r.restart.cpuMs}`,
        },
      ]),
    ),
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
