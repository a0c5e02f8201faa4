// Concurrent writers of one resource (issue 23): 8 parallel PUTs, restores and enables per kind,
// with and without If-Match. Every answer is a 200 or a correct 409 (a stale If-Match, naming the
// current version); never a 500 (a deadlock) nor a false "conflicts with an existing one"; the
// final state is one of the writes, and the version list has one version per acknowledged change.
import { beforeAll, describe, expect, it } from 'vitest';
import { agentBody, createAgent, createKnowledgeBase, createModel, createTool, box } from './factories';
import { call, newCompany, type ApiResponse, type LooseJson, type TestCompany } from './helpers';

type Json = Record<string, LooseJson>;

let acme: TestCompany;
let modelId: string;
let tools: string[];
let bases: string[];
let agents: string[];

const WRITERS = 8;
/** One kind as its writers see it: how to create one, write version `i` of it, and read it back. */
type KindSpec = {
  kind: string;
  create(): Promise<string>;
  put(id: string, i: number, headers?: Record<string, string>): Promise<ApiResponse>;
  /** The detail read's record. */
  read(id: string): Promise<Json>;
  /** What writer `i` set, as the record shows it. */
  written(i: number): Json;
  enable?(id: string, enabled: boolean, headers?: Record<string, string>): Promise<ApiResponse>;
};

const rotate = <T,>(list: T[], i: number): T[] => [...list.slice(i % list.length), ...list.slice(0, i % list.length)].slice(0, 1 + (i % list.length));

const squadOf = (i: number): Json => ({
  name: `squad writer ${i}`,
  order: 'sequential',
  enabled: true,
  do_plan: false,
  sectors: ['support'],
  publisher: 'qa',
  tasks: rotate(agents, i).map((agent, n) => ({ id: `t${n}`, agent, name: `Task ${n} of ${i}`, objective: 'Do it', dependsOn: n ? [`t${n - 1}`] : [], coordinates: box(n * 300) })),
});

const kbOf = (i: number): Json => ({
  name: `kb writer ${i}`,
  description: `written by ${i}`,
  enabled: true,
  sectors: ['support'],
  content: `text ${i}`,
  type: 'text',
  multimodal: false,
  tags: [`tag-${i}`],
});

const SPECS: KindSpec[] = [
  {
    kind: 'agents',
    create: () => createAgent(acme, modelId),
    put: (id, i, headers) =>
      call(`/agents/${id}`, { method: 'PUT', token: acme.token, headers, body: agentBody(modelId, { name: `agent writer ${i}`, tools: rotate(tools, i), knowledgeBases: rotate(bases, i + 1) }) }),
    read: async (id) => (await call(`/agents/${id}`, { token: acme.token })).body.data.Agent,
    written: (i) => ({ name: `agent writer ${i}`, tools: rotate(tools, i), knowledgeBases: rotate(bases, i + 1) }),
    enable: (id, enabled, headers) => call(`/agents/${id}/enable`, { method: 'PUT', token: acme.token, headers, body: { enabled } }),
  },
  {
    kind: 'squads',
    create: async () => (await call('/squads', { method: 'POST', token: acme.token, body: { squad: squadOf(100) } })).body.data.id,
    put: (id, i, headers) => call(`/squads/${id}`, { method: 'PUT', token: acme.token, headers, body: { squad: squadOf(i) } }),
    read: async (id) => (await call(`/squads/${id}`, { token: acme.token })).body.data,
    written: (i) => ({ name: squadOf(i).name, tasks: squadOf(i).tasks }),
    enable: (id, enabled, headers) => call(`/squads/${id}/enable`, { method: 'PUT', token: acme.token, headers, body: { enabled } }),
  },
  {
    kind: 'tools',
    create: () => createTool(acme),
    put: (id, i, headers) => call(`/tools/${id}`, { method: 'PUT', token: acme.token, headers, body: { name: `tool writer ${i}`, description: `written by ${i}` } }),
    read: async (id) => (await call(`/tools/${id}`, { token: acme.token })).body.data,
    written: (i) => ({ name: `tool writer ${i}`, description: `written by ${i}` }),
  },
  {
    kind: 'knowledge-bases',
    create: () => createKnowledgeBase(acme),
    put: (id, i, headers) => call(`/knowledge-bases/${id}`, { method: 'PUT', token: acme.token, headers, body: { knowledgeBase: kbOf(i) } }),
    read: async (id) => (await call(`/knowledge-bases/${id}`, { token: acme.token })).body.data,
    written: (i) => kbOf(i),
  },
  {
    kind: 'ai-models',
    create: () => createModel(acme),
    put: (id, i, headers) =>
      call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, headers, body: { model: { name: `model writer ${i}`, description: `written by ${i}` }, environment: { company: acme.id } } }),
    read: async (id) => (await call(`/ai-models/${id}`, { token: acme.token })).body.data,
    written: (i) => ({ name: `model writer ${i}`, description: `written by ${i}` }),
  },
];

async function versionNumbers(kind: string, id: string): Promise<number[]> {
  const res = await call(`/${kind}/${id}/versions?limit=100`, { token: acme.token });
  expect(res.status, res.text).toBe(200);
  return res.body.data.items.map((v: Json) => v.version as number);
}

const restore = (kind: string, id: string, n: number, headers?: Record<string, string>) =>
  call(`/${kind}/${id}/versions/${n}/restore`, { method: 'POST', token: acme.token, headers });

/** No 500, and every 409 is a stale If-Match naming the version (never a false unique conflict). */
function expectOnly200Or409(results: ApiResponse[], allow409: boolean): void {
  for (const r of results) {
    if (r.status === 409 && allow409) expect(r.body.message, r.text).toMatch(/changed meanwhile: its version is \d+, If-Match named \d+/);
    else expect(r.status, r.text).toBe(200);
  }
}

/** Deep equality whatever the key order. */
function same(a: unknown, b: unknown): boolean {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
}

/** The detail read shows writer `i`'s fields for some `i` in `candidates`, and the latest version's state is that read. */
async function expectFinalIsOneOf(spec: KindSpec, id: string, candidates: number[]): Promise<void> {
  const record = await spec.read(id);
  const matches = candidates.filter((i) => Object.entries(spec.written(i)).every(([key, value]) => same(record[key], value)));
  expect(matches.length, JSON.stringify(record)).toBeGreaterThan(0);
  const [latest] = await versionNumbers(spec.kind, id);
  const state = (await call(`/${spec.kind}/${id}/versions/${latest}`, { token: acme.token })).body.data.state;
  for (const key of Object.keys(spec.written(0))) expect(state[key], key).toEqual(record[key]);
}

beforeAll(async () => {
  acme = await newCompany();
  modelId = await createModel(acme);
  [tools, bases, agents] = await Promise.all([
    Promise.all([1, 2, 3].map(() => createTool(acme))),
    Promise.all([1, 2, 3].map(() => createKnowledgeBase(acme))),
    Promise.all([1, 2, 3].map(() => createAgent(acme, modelId))),
  ]);
});

describe.each(SPECS)('$kind: 8 parallel writers', (spec) => {
  it('PUTs without If-Match: all 200, one version each, the final state one of the writes', async () => {
    const id = await spec.create();
    const before = (await versionNumbers(spec.kind, id))[0];
    const writers = Array.from({ length: WRITERS }, (_, i) => i);
    const results = await Promise.all(writers.map((i) => spec.put(id, i)));
    expectOnly200Or409(results, false);
    expect(await versionNumbers(spec.kind, id)).toEqual(Array.from({ length: WRITERS + before }, (_, n) => WRITERS + before - n));
    await expectFinalIsOneOf(spec, id, writers);
  });

  it('PUTs holding the same If-Match: exactly one 200, the others a 409 naming the current version', async () => {
    const id = await spec.create();
    const current = (await versionNumbers(spec.kind, id))[0];
    const writers = Array.from({ length: WRITERS }, (_, i) => i);
    const results = await Promise.all(writers.map((i) => spec.put(id, i, { 'if-match': `"${current}"` })));
    expectOnly200Or409(results, true);
    const winners = writers.filter((i) => results[i].status === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toContain(`its version is ${current + 1}`);
    await expectFinalIsOneOf(spec, id, winners);
  });

  it('restores, PUTs and enables mixed: no 500, no false conflict, one version per change', async () => {
    const id = await spec.create();
    await spec.put(id, 50);
    await spec.put(id, 51);
    const before = (await versionNumbers(spec.kind, id))[0];
    const writers = Array.from({ length: WRITERS }, (_, i) => i);
    const results = await Promise.all(
      writers.map((i) => {
        if (i % 4 === 0) return restore(spec.kind, id, 1 + (i % before));
        if (i % 4 === 1 && spec.enable) return spec.enable(id, i % 8 === 1);
        return spec.put(id, i);
      }),
    );
    expectOnly200Or409(results, false);
    expect(await versionNumbers(spec.kind, id)).toEqual(Array.from({ length: WRITERS + before }, (_, n) => WRITERS + before - n));
  });

  it('restores holding the same If-Match: exactly one wins', async () => {
    const id = await spec.create();
    await spec.put(id, 60);
    const current = (await versionNumbers(spec.kind, id))[0];
    const results = await Promise.all(Array.from({ length: WRITERS }, (_, i) => restore(spec.kind, id, 1 + (i % current), { 'if-match': `"${current}"` })));
    expectOnly200Or409(results, true);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await versionNumbers(spec.kind, id))[0]).toBe(current + 1);
  });
});
