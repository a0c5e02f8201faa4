// Lists at scale (issue 7): every list and history endpoint answers 200 with every record, in
// order, when a company holds thousands of rows (SQLite once failed from ~1,000 rows with
// Prisma's P2029, PostgreSQL from 32,766). The rows are seeded straight into the server's
// database (scripts/lib/bulk-insert.ts, fast), then read over HTTP and compared with what was seeded.
// SCALE_ROWS (default 2,000) sets the rows per resource; SCALE_PAGES (default: all) bounds the
// history pages read (at 50,000 rows, reading all 750 pages of each history takes minutes);
// timings are printed at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '@/scripts/lib/bulk-insert';
import { call, newCompany, type LooseJson, type TestCompany } from './helpers';

const N = Number(process.env.SCALE_ROWS || 2000);
const MAX_PAGES = Number(process.env.SCALE_PAGES || Infinity);
const PAGE = 100;
const TIMEOUT = 60_000 + N * 30;
const BASE = Date.UTC(2020, 0, 1);
/** Two rows share each createdAt, so the id tie-break of the list order is exercised too. */
const at = (i: number) => new Date(BASE + Math.floor(i / 2) * 1000);
const pad = (i: number) => String(i).padStart(6, '0');

type Json = Record<string, LooseJson>;

/** Sectors of agents, squads, tools and knowledge bases: none, ['alpha'] or ['alpha', 'beta']. */
const sectorsOf = (i: number): string[] => (i % 5 === 0 ? [] : i % 2 ? ['alpha', 'beta'] : ['alpha']);
/** Every model is in sector alpha; every other one in beta too. */
const modelSectorsOf = (i: number): string[] => (i % 2 ? ['alpha', 'beta'] : ['alpha']);
const inSector = (sectors: string[], sector?: string) => !sector || sectors.includes(sector);

let company: TestCompany;
let other: TestCompany;
const ids = { models: [] as string[], agents: [] as string[], squads: [] as string[], tools: [] as string[], kbs: [] as string[] };
const expected = {
  models: [] as Json[],
  agents: [] as Json[],
  squads: [] as Json[],
  tools: [] as Json[],
  kbs: [] as Json[],
  apiKeys: [] as Json[],
  agentHistory: [] as Json[],
  squadHistory: [] as Json[],
  modelHistory: [] as Json[],
};
const timings: { request: string; ms: number; bytes: number }[] = [];

async function timed(path: string, token = company.token) {
  const t0 = performance.now();
  const res = await call(path, { token });
  timings.push({ request: `GET ${path.replace(/last=[^&]+/, 'last=…')}`, ms: Math.round(performance.now() - t0), bytes: res.text.length });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res;
}

/** Seeds N rows of every resource for `company` (and a few for `other`, which must never show). */
async function seed(companyId: string, tag: string, n: number, record: boolean) {
  const { db } = await import('@/lib/server/db');
  const prisma = db();
  const id = (kind: string, i: number) => `${tag}-${kind}-${pad(i)}`;
  const stamp = (i: number) => ({ createdAt: at(i), updatedAt: new Date(at(i).getTime() + 500) });
  const mask = (i: number) => (i % 3 ? `sk-a${'*'.repeat(16)}` : null);

  const models = Array.from({ length: n }, (_, i) => ({
    id: id('model', i),
    companyId,
    name: `Model ${i}`,
    sectors: modelSectorsOf(i),
    description: `model ${i}`,
    enabled: i % 4 !== 0,
    provider: i % 3 ? 'openai' : 'meta',
    model: 'gpt-4o',
    apikeyEncrypted: i % 3 ? 'not-a-real-ciphertext' : null,
    apikeyMasked: mask(i),
    version: 1 + (i % 2),
    ...stamp(i),
  }));
  const tools = Array.from({ length: n }, (_, i) => ({
    id: id('tool', i),
    companyId,
    name: `Tool ${i}`,
    description: `tool ${i}`,
    code: i % 2 ? null : `function run${i}() {}`,
    entryFunctionName: i % 2 ? null : `run${i}`,
    sectors: sectorsOf(i),
    publisher: 'scale',
    enabled: i % 3 !== 0,
    environments: ['prod'],
    ...(i % 2 ? { mcp: { url: `https://mcp.example.com/${i}`, transport: 'sse' } } : {}),
    ...stamp(i),
  }));
  const kbs = Array.from({ length: n }, (_, i) => ({
    id: id('kb', i),
    companyId,
    name: `KB ${i}`,
    description: `kb ${i}`,
    enabled: i % 3 !== 0,
    sectors: sectorsOf(i),
    content: `text ${i}`,
    type: 'text',
    multimodal: i % 2 === 0,
    tags: [`t${i % 7}`],
    ...stamp(i),
  }));
  const toolsOf = (i: number) => (i % 3 === 0 ? [] : [tools[(i + 1) % n].id, tools[i].id]);
  const kbsOf = (i: number) => (i % 2 === 0 ? [] : [kbs[(i + 2) % n].id, kbs[(i + 1) % n].id, kbs[i].id]);
  const agents = Array.from({ length: n }, (_, i) => ({
    id: id('agent', i),
    companyId,
    name: `Agent ${i}`,
    enabled: i % 3 !== 0,
    modelId: models[i].id,
    auto: i % 2 === 0,
    reasoning: i % 3 === 0,
    publisher: 'scale',
    temperature: (i % 10) / 10,
    role: `role ${i}`,
    objective: `objective ${i}`,
    referencies: `refs ${i}`,
    canDelegate: i % 5 === 0,
    canCode: i % 7 === 0,
    multimodal: i % 2 === 1,
    sectors: sectorsOf(i),
    ...stamp(i),
  }));
  const box = (i: number) => ({ x: i, y: i * 2, width: 220, height: 90 });
  const tasksOf = (i: number) =>
    i % 7 === 0
      ? []
      : [
          { taskId: 'second', agentId: agents[i].id, dependsOn: [] as string[] },
          { taskId: 'first', agentId: agents[(i + 1) % n].id, dependsOn: ['second'] },
        ];
  const squads = Array.from({ length: n }, (_, i) => ({
    id: id('squad', i),
    companyId,
    name: `Squad ${i}`,
    order: i % 2 ? 'sequential' : 'hierarchical',
    enabled: i % 3 !== 0,
    doPlan: i % 2 === 0,
    sectors: sectorsOf(i),
    publisher: 'scale',
    planningAgentId: i % 3 === 0 ? agents[(i + 2) % n].id : null,
    ...(i % 3 === 0 ? { planningAgentCoordinates: box(i) } : {}),
    supervisorId: i % 4 === 0 ? agents[(i + 3) % n].id : null,
    version: 1 + (i % 3),
    ...stamp(i),
  }));

  await bulkInsert('AiModel', models);
  await bulkInsert('Tool', tools);
  await bulkInsert('KnowledgeBase', kbs);
  await bulkInsert('Agent', agents);
  await bulkInsert('AgentTool', agents.flatMap((a, i) => toolsOf(i).map((toolId, position) => ({ agentId: a.id, toolId, position }))));
  await bulkInsert('AgentKnowledgeBase', agents.flatMap((a, i) => kbsOf(i).map((knowledgeBaseId, position) => ({ agentId: a.id, knowledgeBaseId, position }))));
  await bulkInsert('Squad', squads);
  await bulkInsert(
    'SquadTask',
    squads.flatMap((s, i) =>
      tasksOf(i).map((t, position) => ({ squadId: s.id, taskId: t.taskId, position, agentId: t.agentId, name: `Task ${t.taskId}`, objective: `Do ${t.taskId}`, dependsOn: t.dependsOn, coordinates: box(position) })),
    ),
  );
  const who = { responsible: 'scale seeder', responsibleId: `${tag}-key` };
  await bulkInsert(
    'ApiKey',
    Array.from({ length: n }, (_, i) => ({ id: id('key', i), companyId, name: `Key ${i}`, prefix: `aoc_${pad(i)}`, hash: `${tag}-hash-${i}`, createdAt: new Date(BASE + i * 1000) })),
  );
  await bulkInsert('AgentHistory', agents.map((a, i) => ({ id: id('agent-history', i), companyId, agentId: a.id, action: 'created agent', ...who, timestamp: at(i) })));
  await bulkInsert('SquadHistory', squads.map((s, i) => ({ id: id('squad-history', i), companyId, squadId: s.id, action: 'created squad', type: 'success', ...who, date: at(i) })));
  // Every model was created (v1); every other one was updated too (v2); a deleted model left records behind.
  const modelHistory = [
    ...models.map((m, i) => ({ modelId: m.id, action: 'created model', versionControl: 'v1', versionNumber: 1, k: 2 * i })),
    ...models.filter((_, i) => i % 2).map((m, j) => ({ modelId: m.id, action: 'updated model', versionControl: 'v2', versionNumber: 2, k: 4 * j + 3 })),
    ...Array.from({ length: 10 }, (_, j) => ({ modelId: id('deleted-model', 0), action: j ? 'updated model' : 'created model', versionControl: `v${j + 1}`, versionNumber: j + 1, k: j })),
  ].map((h, j) => ({
    id: id('model-history', j),
    companyId,
    modelId: h.modelId,
    action: h.action,
    type: 'success',
    versionControl: h.versionControl,
    versionNumber: h.versionNumber,
    ...who,
    date: at(h.k),
  }));
  await bulkInsert('AiModelHistory', modelHistory);
  if (!record) return;

  ids.models = models.map((m) => m.id);
  ids.agents = agents.map((a) => a.id);
  ids.squads = squads.map((s) => s.id);
  ids.tools = tools.map((t) => t.id);
  ids.kbs = kbs.map((k) => k.id);
  const iso = (d: Date) => d.toISOString();
  const dates = (r: { createdAt: Date; updatedAt: Date }) => ({ createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) });
  expected.models = models.map((m) => ({
    id: m.id, name: m.name, sectors: m.sectors, description: m.description, enabled: m.enabled, provider: m.provider, model: m.model,
    apikey: m.apikeyMasked, version: m.version, ...dates(m),
  }));
  expected.tools = tools.map((t) => ({
    id: t.id, name: t.name, description: t.description, code: t.code, entryFunctionName: t.entryFunctionName, sectors: t.sectors,
    publisher: t.publisher, enabled: t.enabled, environments: t.environments, mcp: t.mcp ?? null, ...dates(t),
  }));
  expected.kbs = kbs.map((k) => ({
    id: k.id, name: k.name, description: k.description, enabled: k.enabled, sectors: k.sectors, content: k.content, type: k.type,
    multimodal: k.multimodal, tags: k.tags, filename: null, fileSize: null, ...dates(k),
  }));
  expected.agents = agents.map((a, i) => ({
    id: a.id, name: a.name, enabled: a.enabled, model: a.modelId, auto: a.auto, reasoning: a.reasoning, publisher: a.publisher,
    temperature: a.temperature, role: a.role, objective: a.objective, referencies: a.referencies, 'can.delegate': a.canDelegate,
    can_code: a.canCode, multimodal: a.multimodal, sectors: a.sectors, tools: toolsOf(i), knowledgeBases: kbsOf(i), ...dates(a),
  }));
  expected.squads = squads.map((s, i) => ({
    id: s.id,
    name: s.name,
    tasks: tasksOf(i).map((t, position) => ({ id: t.taskId, agent: t.agentId, name: `Task ${t.taskId}`, objective: `Do ${t.taskId}`, dependsOn: t.dependsOn, coordinates: box(position) })),
    order: s.order, enabled: s.enabled, do_plan: s.doPlan, sectors: s.sectors, publisher: s.publisher,
    planningAgent: s.planningAgentId ? { id: s.planningAgentId, coordinates: box(i) } : null,
    supervisor: s.supervisorId ? { id: s.supervisorId } : null,
    version: s.version, ...dates(s),
  }));
  expected.apiKeys = Array.from({ length: n }, (_, i) => ({
    id: id('key', i), name: `Key ${i}`, prefix: `aoc_${pad(i)}`, role: 'admin', sectors: [], expiresAt: null, createdAt: iso(new Date(BASE + i * 1000)), lastUsedAt: null, lastUsedFrom: null, revokedAt: null,
  })).reverse();

  // History lists answer newest first by insertion order: read back the sequence numbers.
  const seqOf = async (rows: Promise<{ id: string; seq: number }[]>) => new Map((await rows).map((r) => [r.id, r.seq]));
  const agentSeq = await seqOf(prisma.agentHistory.findMany({ where: { companyId }, select: { id: true, seq: true } }));
  expected.agentHistory = agents
    .map((a, i) => ({ id: id('agent-history', i), agentId: a.id, action: 'created agent', timestamp: iso(at(i)), ...who }))
    .sort((a, b) => agentSeq.get(b.id)! - agentSeq.get(a.id)!);
  const squadSeq = await seqOf(prisma.squadHistory.findMany({ where: { companyId }, select: { id: true, seq: true } }));
  expected.squadHistory = squads
    .map((s, i) => ({ id: id('squad-history', i), squadId: s.id, ...who, action: 'created squad', type: 'success', date: iso(at(i)) }))
    .sort((a, b) => squadSeq.get(b.id)! - squadSeq.get(a.id)!);
  const modelSeq = await seqOf(prisma.aiModelHistory.findMany({ where: { companyId }, select: { id: true, seq: true } }));
  // Default paging order: date, newest first, ties by insertion order (newest first).
  expected.modelHistory = modelHistory
    .map((h) => ({ id: h.id, modelId: h.modelId, responsible: h.responsible, responsibleId: h.responsibleId, action: h.action, type: h.type, date: iso(h.date), versionControl: h.versionControl }))
    .sort((a, b) => b.date.localeCompare(a.date) || modelSeq.get(b.id)! - modelSeq.get(a.id)!);
}

const sectorsOfModel = new Map<string, string[]>();

/** Every page of a model history endpoint (at most MAX_PAGES), following `next` until it is empty. */
async function allPages(path: string, query: string): Promise<Json[]> {
  const items: Json[] = [];
  let last = '';
  for (let page = 0; page < Math.min(MAX_PAGES, 10_000); page++) {
    const res = await timed(`${path}?limit=${PAGE}${query}${last ? `&last=${encodeURIComponent(last)}` : ''}`);
    expect(res.body.status).toBe('ok');
    items.push(...res.body.data.items);
    last = res.body.data.next;
    if (!last) return items;
  }
  if (MAX_PAGES === Infinity) throw new Error('paging never ended');
  return items;
}

/** What reading at most MAX_PAGES pages of `all` yields. */
const firstPages = <T>(all: T[]): T[] => all.slice(0, MAX_PAGES * PAGE);

beforeAll(async () => {
  company = await newCompany();
  other = await newCompany();
  const t0 = performance.now();
  await seed(company.id, `s${Date.now().toString(36)}`, N, true);
  await seed(other.id, `o${Date.now().toString(36)}`, 5, false);
  console.log(`scale: seeded ${N} rows per resource in ${Math.round(performance.now() - t0)} ms`);
  expected.models.forEach((m) => sectorsOfModel.set(m.id, m.sectors));
}, TIMEOUT);

afterAll(() => {
  if (timings.length) console.log(`scale: ${N} rows per resource\n${timings.map((t) => `${String(t.ms).padStart(6)} ms ${String(t.bytes).padStart(10)} B  ${t.request}`).join('\n')}`);
});

describe(`lists at ${N} rows per company`, () => {
  const sectors = [undefined, 'alpha', 'beta'] as const;
  const q = (sector?: string) => (sector ? `?sector=${sector}` : '');

  it.each(sectors)('GET /agents (sector %s) answers every agent with its tools and knowledge bases, in order', async (sector) => {
    const res = await timed(`/agents${q(sector)}`);
    const want = expected.agents.filter((a) => inSector(a.sectors, sector));
    expect(res.body).toHaveLength(want.length);
    expect(res.body).toEqual(want);
  }, TIMEOUT);

  it.each(sectors)('GET /squads (sector %s) answers every squad with its tasks, in order', async (sector) => {
    const res = await timed(`/squads${q(sector)}`);
    const want = expected.squads.filter((s) => inSector(s.sectors, sector));
    expect(res.body.status).toBe('OK');
    expect(res.body.data).toHaveLength(want.length);
    expect(res.body.data).toEqual(want);
  }, TIMEOUT);

  it.each(sectors)('GET /tools (sector %s)', async (sector) => {
    const res = await timed(`/tools${q(sector)}`);
    expect(res.body.data).toEqual(expected.tools.filter((t) => inSector(t.sectors, sector)));
  }, TIMEOUT);

  it.each(sectors)('GET /knowledge-bases (sector %s)', async (sector) => {
    const res = await timed(`/knowledge-bases${q(sector)}`);
    expect(res.body.data).toEqual(expected.kbs.filter((k) => inSector(k.sectors, sector)));
  }, TIMEOUT);

  it.each(sectors)('GET /ai-models (sector %s)', async (sector) => {
    const res = await timed(`/ai-models${q(sector)}`);
    expect(res.body.status).toBe('ok');
    expect(res.body.data).toEqual(expected.models.filter((m) => inSector(m.sectors, sector)));
  }, TIMEOUT);

  it('GET /api-keys answers every key, newest first', async () => {
    const res = await timed('/api-keys');
    expect(res.body.data.items).toHaveLength(N + 1);
    expect(res.body.data.items[0].id).toBe(company.apiKeyId);
    expect(res.body.data.items.slice(1)).toEqual(expected.apiKeys);
  }, TIMEOUT);

  it('GET /agents/history answers every record, newest first', async () => {
    const res = await timed('/agents/history');
    expect(res.body).toEqual(expected.agentHistory);
  }, TIMEOUT);

  it('GET /squads/history answers every record, newest first', async () => {
    const res = await timed('/squads/history');
    expect(res.body.data).toEqual(expected.squadHistory);
  }, TIMEOUT);

  it.each(sectors)('GET /ai-models/history (sector %s) pages through every record once, in order', async (sector) => {
    const items = await allPages('/ai-models/history', sector ? `&sector=${sector}` : '');
    // With a sector, only records of existing models in it (a deleted model's sectors are gone).
    const want = firstPages(expected.modelHistory.filter((h) => !sector || inSector(sectorsOfModel.get(h.modelId) ?? [], sector)));
    expect(items).toHaveLength(want.length);
    expect(items).toEqual(want);
  }, TIMEOUT);

  it('GET /ai-models/{id}/history pages one model', async () => {
    const id = ids.models[1];
    const items = await allPages(`/ai-models/${id}/history`, '');
    expect(items).toEqual(expected.modelHistory.filter((h) => h.modelId === id));
    expect(items.map((h) => h.versionControl)).toEqual(['v2', 'v1']);
  }, TIMEOUT);

  it('another company sees none of these rows', async () => {
    const agents = await timed('/agents', other.token);
    expect(agents.body).toHaveLength(5);
    const history = await timed('/ai-models/history?limit=100&sector=alpha', other.token);
    expect(history.body.data.items).toHaveLength(5 + 2);
  }, TIMEOUT);
});

describe('references to many resources at once', () => {
  const count = Math.min(N, 1500);

  it(`an agent may use ${count} tools and knowledge bases`, async () => {
    const body = {
      name: 'Toolbox', enabled: true, model: ids.models[0], auto: false, reasoning: false, publisher: 'scale', temperature: 0.5,
      role: 'r', objective: 'o', referencies: 'x', 'can.delegate': false, can_code: false, multimodal: false, sectors: ['gamma'],
      tools: ids.tools.slice(0, count).reverse(), knowledgeBases: ids.kbs.slice(0, count),
    };
    const created = await call('/agents', { method: 'POST', token: company.token, body });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const read = await call(`/agents/${created.body.data.id}`, { token: company.token });
    expect(read.body.data.Agent.tools).toEqual(body.tools);
    expect(read.body.data.Agent.knowledgeBases).toEqual(body.knowledgeBases);
    const unknown = await call('/agents', { method: 'POST', token: company.token, body: { ...body, tools: [...body.tools, 'no-such-tool'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ path: `tools.${count}`, message: 'no tool with id "no-such-tool"' }]);
  }, TIMEOUT);

  it(`a squad may name ${count} different agents`, async () => {
    const tasks = ids.agents.slice(0, count).map((agent, i) => ({
      id: `t${i}`, agent, name: `Task ${i}`, objective: 'o', dependsOn: i ? [`t${i - 1}`] : [], coordinates: { x: i, y: 0, width: 10, height: 10 },
    }));
    const squad = { name: 'Everyone', tasks, order: 'sequential', enabled: true, do_plan: false, sectors: ['gamma'], publisher: 'scale' };
    const created = await call('/squads', { method: 'POST', token: company.token, body: { squad } });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const read = await call(`/squads/${created.body.data.id}`, { token: company.token });
    expect(read.body.data.tasks.map((t: Json) => t.agent)).toEqual(ids.agents.slice(0, count));
  }, TIMEOUT);
});
