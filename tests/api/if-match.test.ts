// Version checks on agents, tools, knowledge bases and AI models (issue 23): the detail GET answers
// an ETag (the resource's version), PUT / enable / DELETE honour If-Match (stale → a 409 naming the
// current version that changes nothing), without If-Match nothing changes for old clients, and a
// PUT that changes nothing writes no history record and no version.
import { beforeAll, describe, expect, it } from 'vitest';
import { agentBody, createAgent, createKnowledgeBase, createModel, createTool } from './factories';
import { call, expectError, newCompany, type ApiResponse, type LooseJson, type TestCompany } from './helpers';

type Json = Record<string, LooseJson>;

let acme: TestCompany;
let modelId: string;

type KindSpec = {
  kind: string;
  create(): Promise<string>;
  /** The full body of a PUT; `name` the one field that differs between writes. */
  put(id: string, name: string, headers?: Record<string, string>): Promise<ApiResponse>;
  /** The same body as the last `put` with this name, or what the resource already holds. */
  name(record: Json): string;
  read(id: string): Promise<ApiResponse>;
  record(res: ApiResponse): Json;
  remove(id: string, headers?: Record<string, string>): Promise<ApiResponse>;
  enable?(id: string, enabled: boolean, headers?: Record<string, string>): Promise<ApiResponse>;
  /** The spec history of one resource, where the kind has one. */
  history?(id: string): Promise<unknown[]>;
};

const kbFields = (name: string): Json => ({ name, description: 'a base', enabled: true, sectors: ['support'], content: 'Some text', type: 'text', multimodal: false, tags: ['faq'] });

const SPECS: KindSpec[] = [
  {
    kind: 'agents',
    create: () => createAgent(acme, modelId, { name: 'first' }),
    put: (id, name, headers) => call(`/agents/${id}`, { method: 'PUT', token: acme.token, headers, body: agentBody(modelId, { name }) }),
    name: (r) => r.name,
    read: (id) => call(`/agents/${id}`, { token: acme.token }),
    record: (res) => res.body.data.Agent ?? res.body.data,
    remove: (id, headers) => call(`/agents/${id}`, { method: 'DELETE', token: acme.token, headers }),
    enable: (id, enabled, headers) => call(`/agents/${id}/enable`, { method: 'PUT', token: acme.token, headers, body: { enabled } }),
    history: async (id) => (await call('/agents/history', { token: acme.token })).body.filter((h: Json) => h.agentId === id),
  },
  {
    kind: 'tools',
    create: () => createTool(acme, { name: 'first' }),
    put: (id, name, headers) => call(`/tools/${id}`, { method: 'PUT', token: acme.token, headers, body: { name, description: 'a tool' } }),
    name: (r) => r.name,
    read: (id) => call(`/tools/${id}`, { token: acme.token }),
    record: (res) => res.body.data,
    remove: (id, headers) => call(`/tools/${id}`, { method: 'DELETE', token: acme.token, headers }),
  },
  {
    kind: 'knowledge-bases',
    create: () => createKnowledgeBase(acme, { name: 'first' }),
    put: (id, name, headers) => call(`/knowledge-bases/${id}`, { method: 'PUT', token: acme.token, headers, body: { knowledgeBase: kbFields(name) } }),
    name: (r) => r.name,
    read: (id) => call(`/knowledge-bases/${id}`, { token: acme.token }),
    record: (res) => res.body.data,
    remove: (id, headers) => call(`/knowledge-bases/${id}`, { method: 'DELETE', token: acme.token, headers }),
  },
  {
    kind: 'ai-models',
    create: () => createModel(acme, { name: 'first' }),
    put: (id, name, headers) => call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, headers, body: { model: { name }, environment: { company: acme.id } } }),
    name: (r) => r.name,
    read: (id) => call(`/ai-models/${id}`, { token: acme.token }),
    record: (res) => res.body.data,
    remove: (id, headers) => call(`/ai-models/${id}?company=${acme.id}`, { method: 'DELETE', token: acme.token, headers }),
    history: async (id) => (await call(`/ai-models/${id}/history?company=${acme.id}`, { token: acme.token })).body.data.items ?? [],
  },
];

async function versionCount(kind: string, id: string): Promise<number> {
  const res = await call(`/${kind}/${id}/versions?limit=100`, { token: acme.token });
  return res.body.data.items.length;
}

beforeAll(async () => {
  acme = await newCompany();
  modelId = await createModel(acme);
});

describe.each(SPECS)('$kind', (spec) => {
  it('GET answers an ETag naming the version; a PUT answers the new one', async () => {
    const id = await spec.create();
    const read = await spec.read(id);
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');
    const put = await spec.put(id, 'second', { 'if-match': '"1"' });
    expect(put.status, put.text).toBe(200);
    expect(put.headers.get('etag')).toBe('"2"');
    expect((await spec.read(id)).headers.get('etag')).toBe('"2"');
  });

  it('a stale If-Match on PUT is a 409 naming the current version, and changes nothing', async () => {
    const id = await spec.create();
    expect((await spec.put(id, 'second')).status).toBe(200);
    const stale = await spec.put(id, 'stale', { 'if-match': '"1"' });
    expect(expectError(stale, 409).message).toMatch(/its version is 2, If-Match named 1/);
    expect(spec.name(spec.record(await spec.read(id)))).toBe('second');
    expect(await versionCount(spec.kind, id)).toBe(2);
    // Weak, unquoted and list forms name versions too; a malformed one is a 400.
    expect((await spec.put(id, 'third', { 'if-match': 'W/"2"' })).status).toBe(200);
    expect((await spec.put(id, 'fourth', { 'if-match': '"1", 3' })).status).toBe(200);
    expectError(await spec.put(id, 'fifth', { 'if-match': 'yesterday' }), 400);
  });

  it('without If-Match (or with *) the write proceeds as before', async () => {
    const id = await spec.create();
    expect((await spec.put(id, 'second')).status).toBe(200);
    expect((await spec.put(id, 'third', { 'if-match': '*' })).status).toBe(200);
    expect(spec.name(spec.record(await spec.read(id)))).toBe('third');
  });

  it('a stale If-Match on DELETE is a 409 and the resource stays; the current one deletes', async () => {
    const id = await spec.create();
    expect((await spec.put(id, 'second')).status).toBe(200);
    expectError(await spec.remove(id, { 'if-match': '"1"' }), 409);
    expect((await spec.read(id)).status).toBe(200);
    expect((await spec.remove(id, { 'if-match': '"2"' })).status).toBe(200);
    expectError(await spec.read(id), 404);
  });

  it('a PUT that changes nothing answers 200 and writes no version and no history record', async () => {
    const id = await spec.create();
    expect((await spec.put(id, 'second')).status).toBe(200);
    const historyBefore = spec.history ? (await spec.history(id)).length : 0;
    const before = spec.record(await spec.read(id));
    const again = await spec.put(id, 'second', { 'if-match': '"2"' });
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get('etag')).toBe('"2"');
    expect(spec.name(spec.record(again))).toBe('second');
    expect(await versionCount(spec.kind, id)).toBe(2);
    if (spec.history) expect((await spec.history(id)).length).toBe(historyBefore);
    expect(spec.record(await spec.read(id)).updatedAt).toBe(before.updatedAt);
  });

  it.runIf(spec.enable)('enable honours If-Match', async () => {
    const id = await spec.create();
    expectError(await spec.enable!(id, false, { 'if-match': '"7"' }), 409);
    expect(spec.record(await spec.read(id)).enabled).toBe(true);
    const ok = await spec.enable!(id, false, { 'if-match': '"1"' });
    expect(ok.status).toBe(200);
    expect((await spec.read(id)).headers.get('etag')).toBe('"2"');
  });

  it('an id of another company or none is a 404, whatever If-Match says', async () => {
    expectError(await spec.put('no-such-id', 'x', { 'if-match': '"1"' }), 404);
    expectError(await spec.remove('no-such-id', { 'if-match': '"1"' }), 404);
  });
});
