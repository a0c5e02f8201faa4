// Factories that create resources over HTTP, as a client would. Each returns the new id.
import { SAMPLE_AGENT } from '@/scripts/lib/max-bundle';
import { call, registerSecret, type LooseJson, type TestCompany } from './helpers';

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}-${Math.random().toString(36).slice(2, 8)}`;

export async function createModel(company: TestCompany, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call('/ai-models', {
    method: 'POST',
    base: company.base,
    token: company.token,
    body: {
      model: {
        name: unique('Model'),
        sectors: ['support'],
        description: 'test model',
        enabled: true,
        provider: 'openai',
        model: 'gpt-4o',
        apikey: registerSecret(`sk-test-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`),
        ...overrides,
      },
      environment: { company: company.id, sector: 'support' },
    },
  });
  if (res.status !== 201) throw new Error(`model creation failed: ${res.status} ${res.text}`);
  return res.body.id;
}

export async function createTool(company: TestCompany, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call('/tools', {
    method: 'POST',
    base: company.base,
    token: company.token,
    body: { tool: { name: unique('Tool'), description: 'a tool', sectors: ['support'], publisher: 'qa', enabled: true, environments: ['prod'], ...overrides } },
  });
  if (res.status !== 201) throw new Error(`tool creation failed: ${res.status} ${res.text}`);
  return res.body.data.id;
}

export async function createKnowledgeBase(company: TestCompany, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call('/knowledge-bases', {
    method: 'POST',
    base: company.base,
    token: company.token,
    body: {
      knowledgeBase: { name: unique('KB'), description: 'a base', enabled: true, sectors: ['support'], content: 'Some text', type: 'text', multimodal: false, tags: ['faq'], ...overrides },
    },
  });
  if (res.status !== 201) throw new Error(`knowledge base creation failed: ${res.status} ${res.text}`);
  return res.body.data.id;
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
  const res = await call('/agents', { method: 'POST', base: company.base, token: company.token, body: agentBody(modelId, overrides) });
  if (res.status !== 201) throw new Error(`agent creation failed: ${res.status} ${res.text}`);
  return res.body.data.id;
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
  const res = await call('/squads', { method: 'POST', base: company.base, token: company.token, body: { squad: squadFields(squad) } });
  if (res.status !== 201) throw new Error(`squad creation failed: ${res.status} ${res.text}`);
  return res.body.data.id;
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
