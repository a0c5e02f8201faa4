// Idempotency-Key on creations (issue 23): a retry with the same key answers the first answer and
// creates nothing; the same key with another body is a 422; keys are scoped per company and
// credential; without the header nothing changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { agentBody, createModel } from './factories';
import { call, expectError, newCompany, registerSecret, type LooseJson, type TestCompany } from './helpers';

type Json = Record<string, LooseJson>;

let acme: TestCompany;
let other: TestCompany;
let modelId: string;

let n = 0;
const uniqueKey = () => `key-${Date.now()}-${++n}-${Math.random().toString(36).slice(2)}`;

/** One creation endpoint: its path, a body (`name` distinguishes two requests) and how to count what exists. */
type CreationSpec = { kind: string; path: string; body(name: string): Json; list(company: TestCompany): Promise<Json[]> };

const SPECS: CreationSpec[] = [
  {
    kind: 'agents',
    path: '/agents',
    body: (name) => agentBody(modelId, { name }),
    list: async (c) => (await call('/agents', { token: c.token })).body,
  },
  {
    kind: 'tools',
    path: '/tools',
    body: (name) => ({ tool: { name, description: 'a tool', sectors: ['support'], publisher: 'qa', enabled: true, environments: ['prod'] } }),
    list: async (c) => (await call('/tools', { token: c.token })).body.data,
  },
  {
    kind: 'knowledge-bases',
    path: '/knowledge-bases',
    body: (name) => ({ knowledgeBase: { name, description: 'a base', enabled: true, sectors: ['support'], content: 'text', type: 'text', multimodal: false, tags: [] } }),
    list: async (c) => (await call('/knowledge-bases', { token: c.token })).body.data,
  },
  {
    kind: 'ai-models',
    path: '/ai-models',
    body: (name) => ({
      model: { name, sectors: ['support'], description: 'm', enabled: true, provider: 'openai', model: 'gpt-4o', apikey: registerSecret('sk-idempotency-test-key-0123456789') },
      environment: { company: acme.id },
    }),
    list: async (c) => (await call('/ai-models', { token: c.token })).body.data,
  },
  {
    kind: 'squads',
    path: '/squads',
    body: (name) => ({ squad: { name, order: 'sequential', enabled: true, do_plan: false, sectors: ['support'], publisher: 'qa', tasks: [] } }),
    list: async (c) => (await call('/squads', { token: c.token })).body.data,
  },
];

const named = (items: Json[], name: string) => items.filter((item) => item.name === name).length;

beforeAll(async () => {
  [acme, other] = await Promise.all([newCompany(), newCompany()]);
  modelId = await createModel(acme);
});

describe.each(SPECS)('POST $path', (spec) => {
  it('a retry with the same key answers the first answer and creates nothing', async () => {
    const key = uniqueKey();
    const name = `idem ${key}`;
    const first = await call(spec.path, { method: 'POST', token: acme.token, body: spec.body(name), headers: { 'idempotency-key': key } });
    expect(first.status, first.text).toBe(201);
    const retries = await Promise.all([1, 2].map(() => call(spec.path, { method: 'POST', token: acme.token, body: spec.body(name), headers: { 'idempotency-key': key } })));
    for (const retry of retries) {
      expect(retry.status).toBe(201);
      expect(retry.text).toBe(first.text);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(named(await spec.list(acme), name)).toBe(1);
  });

  it('the same key with another body is a 422 and creates nothing', async () => {
    const key = uniqueKey();
    expect((await call(spec.path, { method: 'POST', token: acme.token, body: spec.body(`a ${key}`), headers: { 'idempotency-key': key } })).status).toBe(201);
    const reused = await call(spec.path, { method: 'POST', token: acme.token, body: spec.body(`b ${key}`), headers: { 'idempotency-key': key } });
    expect(expectError(reused, 422).message).toMatch(/Idempotency-Key/);
    expect(named(await spec.list(acme), `b ${key}`)).toBe(0);
  });

  it('without the header, two identical requests create two', async () => {
    const name = `twice ${uniqueKey()}`;
    for (let i = 0; i < 2; i++) expect((await call(spec.path, { method: 'POST', token: acme.token, body: spec.body(name) })).status).toBe(201);
    expect(named(await spec.list(acme), name)).toBe(2);
  });
});

describe('Idempotency-Key scope and refusals', () => {
  it('is scoped per company: another company with the same key creates its own', async () => {
    const key = uniqueKey();
    const body = { tool: { name: `shared ${key}`, description: 'a tool', sectors: [], publisher: 'qa', enabled: true, environments: [] } };
    const mine = await call('/tools', { method: 'POST', token: acme.token, body, headers: { 'idempotency-key': key } });
    const theirs = await call('/tools', { method: 'POST', token: other.token, body, headers: { 'idempotency-key': key } });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a refused request keeps nothing: the corrected request may reuse its key', async () => {
    const key = uniqueKey();
    const bad = await call('/agents', { method: 'POST', token: acme.token, body: agentBody('no-such-model', { name: key }), headers: { 'idempotency-key': key } });
    expectError(bad, 400);
    const good = await call('/agents', { method: 'POST', token: acme.token, body: agentBody(modelId, { name: key }), headers: { 'idempotency-key': key } });
    expect(good.status, good.text).toBe(201);
  });

  it('a malformed key is a 400 naming the header', async () => {
    const res = await call('/tools', { method: 'POST', token: acme.token, body: SPECS[1].body('x'), headers: { 'idempotency-key': 'x'.repeat(300) } });
    expect(expectError(res, 400).message).toMatch(/Idempotency-Key/);
  });
});
