// Factories that create resources over HTTP, as a client would. Each returns the new id.
import { expect } from 'vitest';
import { SAMPLE_AGENT } from '@/scripts/lib/max-bundle';
import { call, newCompany, registerSecret, type LooseJson, type TestCompany } from './helpers';

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}-${Math.random().toString(36).slice(2, 8)}`;

/** POSTs `body` to `path` as `company`: the 201 answer's body, or an error naming `what` that was not created. */
async function created(company: TestCompany, path: string, body: unknown, what: string): Promise<LooseJson> {
  const res = await call(path, { method: 'POST', base: company.base, token: company.token, body });
  if (res.status !== 201) throw new Error(`${what} creation failed: ${res.status} ${res.text}`);
  return res.body;
}

export async function createModel(company: TestCompany, overrides: Record<string, unknown> = {}): Promise<string> {
  const model = {
    name: unique('Model'),
    sectors: ['support'],
    description: 'test model',
    enabled: true,
    provider: 'openai',
    model: 'gpt-4o',
    apikey: registerSecret(`sk-test-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`),
    ...overrides,
  };
  return (await created(company, '/ai-models', { model, environment: { company: company.id, sector: 'support' } }, 'model')).id;
}

export async function createTool(company: TestCompany, overrides: Record<string, unknown> = {}): Promise<string> {
  const tool = { name: unique('Tool'), description: 'a tool', sectors: ['support'], publisher: 'qa', enabled: true, environments: ['prod'], ...overrides };
  return (await created(company, '/tools', { tool }, 'tool')).data.id;
}

export async function createKnowledgeBase(company: TestCompany, overrides: Record<string, unknown> = {}): Promise<string> {
  const knowledgeBase = { name: unique('KB'), description: 'a base', enabled: true, sectors: ['support'], content: 'Some text', type: 'text', multimodal: false, tags: ['faq'], ...overrides };
  return (await created(company, '/knowledge-bases', { knowledgeBase }, 'knowledge base')).data.id;
}

export function agentBody(modelId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: unique('Agent'),
    ...SAMPLE_AGENT,
    model: modelId,
    sectors: ['support'],
    tools: [],
    knowledgeBases: [],
    ...overrides,
  };
}

export async function createAgent(company: TestCompany, modelId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  return (await created(company, '/agents', agentBody(modelId, overrides), 'agent')).data.id;
}

/** A squad's fields: sequential, enabled, in "support", unless `squad` says otherwise. */
export const squadFields = (squad: Record<string, LooseJson>): Record<string, LooseJson> => ({
  order: 'sequential',
  enabled: true,
  do_plan: false,
  sectors: ['support'],
  publisher: 'qa',
  ...squad,
});

/** A squad of `company` (sequential, enabled, in "support", unless `squad` says otherwise). */
export async function createSquad(company: TestCompany, squad: Record<string, unknown>): Promise<string> {
  return (await created(company, '/squads', { squad: squadFields(squad) }, 'squad')).data.id;
}

/** A node's place on the squad designer's canvas. */
export const box = (x = 0, y = 0, width = 220, height = 90) => ({ x, y, width, height });

/** A squad task run by `agent`, named after its id. */
export const task = (id: string, agent: string, dependsOn: string[] = [], coordinates: Record<string, LooseJson> = box()): Record<string, LooseJson> => ({
  id,
  agent,
  name: `Task ${id}`,
  objective: `Do ${id}`,
  dependsOn,
  coordinates,
});

/**
 * GET `path` answers a new company's rows, made by `create`, in the envelope, with exactly `keys`
 * each and none of `other`'s; `?sector=` keeps the sector's rows, an unknown sector none.
 */
export async function expectSectorList(path: string, create: (company: TestCompany, overrides: Record<string, unknown>) => Promise<string>, other: TestCompany, keys: string[]) {
  const company = await newCompany();
  const [sales, support] = await Promise.all([create(company, { sectors: ['sales'] }), create(company, { sectors: ['support'] })]);
  const foreign = await create(other, {});
  const all = await call(path, { token: company.token });
  expect(all.status).toBe(200);
  expect(all.body.status).toBe('OK');
  const ids = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((r) => r.id);
  expect(ids(all).sort()).toEqual([sales, support].sort());
  expect(ids(all)).not.toContain(foreign);
  for (const row of all.body.data) expect(Object.keys(row).sort()).toEqual(keys);
  expect(ids(await call(`${path}?sector=sales`, { token: company.token }))).toEqual([sales]);
  expect((await call(`${path}?sector=nowhere`, { token: company.token })).body).toEqual({ status: 'OK', data: [] });
}
