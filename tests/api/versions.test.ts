// Resource versions (issue 10, decision 013): every change of the five kinds stores a version in
// its own transaction; list / detail / diff / restore over HTTP against the real server.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createKnowledgeBase, createModel, createTool, agentBody, box, squadFields, task } from './factories';
import { call, errorPaths, expectError, newCompany, registerSecret, type LooseJson, type TestCompany } from './helpers';

type Json = Record<string, LooseJson>;

let acme: TestCompany;
let other: TestCompany;
let modelId: string;

async function versions(company: TestCompany, kind: string, id: string, query = ''): Promise<Json[]> {
  const res = await call(`/${kind}/${id}/versions${query}`, { token: company.token });
  expect(res.status, res.text).toBe(200);
  expect(res.body.status).toBe('OK');
  return res.body.data.items;
}

async function version(company: TestCompany, kind: string, id: string, n: number): Promise<Json> {
  const res = await call(`/${kind}/${id}/versions/${n}`, { token: company.token });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function diff(company: TestCompany, kind: string, id: string, from: number, to: number): Promise<Json> {
  const res = await call(`/${kind}/${id}/versions/diff?from=${from}&to=${to}`, { token: company.token });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

const restore = (company: TestCompany, kind: string, id: string, n: number, headers?: Record<string, string>) =>
  call(`/${kind}/${id}/versions/${n}/restore`, { method: 'POST', token: company.token, headers });

beforeAll(async () => {
  [acme, other] = await Promise.all([newCompany(), newCompany()]);
  modelId = await createModel(acme);
});

describe('agents', () => {
  it('stores a version per change (full state, who, when, action), diffs and restores', async () => {
    const id = await createAgent(acme, modelId, { name: 'Original name', temperature: 0.3 });
    const created = (await call(`/agents/${id}`, { token: acme.token })).body.data.Agent;
    const put = await call(`/agents/${id}`, { method: 'PUT', token: acme.token, body: agentBody(modelId, { name: 'Renamed', temperature: 0.7 }) });
    expect(put.status).toBe(200);
    expect((await call(`/agents/${id}/enable`, { method: 'PUT', token: acme.token, body: { enabled: false } })).status).toBe(200);

    const items = await versions(acme, 'agents', id);
    expect(items.map((v) => [v.version, v.action])).toEqual([
      [3, 'disabled'],
      [2, 'updated'],
      [1, 'created'],
    ]);
    for (const v of items) {
      expect(Object.keys(v).sort()).toEqual(['action', 'date', 'responsible', 'responsibleId', 'version']);
      expect(v.responsibleId).toBe(acme.apiKeyId);
      expect(Number.isNaN(Date.parse(v.date))).toBe(false);
    }
    const first = await version(acme, 'agents', id, 1);
    expect(first.state).toEqual(created);
    expect((await version(acme, 'agents', id, 3)).state.enabled).toBe(false);

    const d = await diff(acme, 'agents', id, 1, 3);
    expect(d.from).toBe(1);
    expect(d.to).toBe(3);
    expect(d.changes).toEqual(
      expect.arrayContaining([
        { path: 'name', before: 'Original name', after: 'Renamed' },
        { path: 'temperature', before: 0.3, after: 0.7 },
        { path: 'enabled', before: true, after: false },
      ]),
    );
    expect(d.changes.map((c: Json) => c.path)).not.toContain('updatedAt');
    expect(d.summary).toContain('name: "Original name" → "Renamed"');
    // The reverse diff swaps before and after.
    expect((await diff(acme, 'agents', id, 3, 1)).changes).toContainEqual({ path: 'name', before: 'Renamed', after: 'Original name' });

    const historyBefore = (await call('/agents/history', { token: acme.token })).body.filter((h: Json) => h.agentId === id).length;
    const res = await restore(acme, 'agents', id, 1);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.Agent.name).toBe('Original name');
    expect(res.body.data.Agent.enabled).toBe(true);
    expect((await call(`/agents/${id}`, { token: acme.token })).body.data.Agent).toEqual(res.body.data.Agent);
    const after = await versions(acme, 'agents', id);
    expect(after[0]).toMatchObject({ version: 4, action: 'restored' });
    expect((await version(acme, 'agents', id, 4)).state).toEqual(res.body.data.Agent);
    // The normal history record too, in the spec's shape.
    const history = (await call('/agents/history', { token: acme.token })).body.filter((h: Json) => h.agentId === id);
    expect(history.length).toBe(historyBefore + 1);
    expect(history[0].action).toBe('updated agent');
  });

  it('refuses with 409 naming the reference when a tool the old version used no longer exists', async () => {
    const toolId = await createTool(acme);
    const id = await createAgent(acme, modelId, { tools: [toolId] });
    expect((await call(`/agents/${id}`, { method: 'PUT', token: acme.token, body: agentBody(modelId, { tools: [] }) })).status).toBe(200);
    expect((await call(`/tools/${toolId}`, { method: 'DELETE', token: acme.token })).status).toBe(200);
    const before = await call(`/agents/${id}`, { token: acme.token });
    const res = await restore(acme, 'agents', id, 1);
    const error = expectError(res, 409);
    expect(error.message).toContain(toolId);
    expect(error.message).toMatch(/version 1 cannot be restored/);
    expect(errorPaths(res)).toEqual(['tools.0']);
    // Nothing changed: no version, same agent.
    expect((await versions(acme, 'agents', id)).length).toBe(2);
    expect((await call(`/agents/${id}`, { token: acme.token })).body).toEqual(before.body);
  });

  it('honours If-Match: a stale version is a 409 and changes nothing; the current one restores', async () => {
    const id = await createAgent(acme, modelId, { name: 'v1' });
    await call(`/agents/${id}`, { method: 'PUT', token: acme.token, body: agentBody(modelId, { name: 'v2' }) });
    const stale = await restore(acme, 'agents', id, 1, { 'if-match': '"1"' });
    expect(expectError(stale, 409).message).toMatch(/version is 2, If-Match named 1/);
    expect((await versions(acme, 'agents', id)).length).toBe(2);
    expect((await call(`/agents/${id}`, { token: acme.token })).body.data.Agent.name).toBe('v2');
    expectError(await restore(acme, 'agents', id, 1, { 'if-match': '"two"' }), 400);
    const ok = await restore(acme, 'agents', id, 1, { 'if-match': '"2"' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.Agent.name).toBe('v1');
  });

  it('two restores holding the same If-Match: one wins, the other gets 409', async () => {
    const id = await createAgent(acme, modelId, { name: 'race v1' });
    await call(`/agents/${id}`, { method: 'PUT', token: acme.token, body: agentBody(modelId, { name: 'race v2' }) });
    const results = await Promise.all([1, 2].map((n) => restore(acme, 'agents', id, n, { 'if-match': '"2"' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const items = await versions(acme, 'agents', id);
    expect(items.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('keeps the versions of a deleted agent readable and restores it with the same id', async () => {
    const id = await createAgent(acme, modelId, { name: 'Doomed' });
    expect((await call(`/agents/${id}`, { method: 'DELETE', token: acme.token })).status).toBe(200);
    expectError(await call(`/agents/${id}`, { token: acme.token }), 404);
    const items = await versions(acme, 'agents', id);
    expect(items.map((v) => v.action)).toEqual(['deleted', 'created']);
    expect((await version(acme, 'agents', id, 2)).state.name).toBe('Doomed');
    const res = await restore(acme, 'agents', id, 1);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.Agent.id).toBe(id);
    expect((await call(`/agents/${id}`, { token: acme.token })).body.data.Agent.name).toBe('Doomed');
    expect((await versions(acme, 'agents', id))[0]).toMatchObject({ version: 3, action: 'restored' });
  });
});

describe('squads', () => {
  let agents: string[];
  beforeAll(async () => {
    agents = await Promise.all([createAgent(acme, modelId), createAgent(acme, modelId), createAgent(acme, modelId)]);
  });

  const squadBody = (tasks: Json[], overrides: Json = {}) => squadFields({ name: 'Versioned squad', tasks, ...overrides });

  async function createSquad(squad: Json): Promise<string> {
    const res = await call('/squads', { method: 'POST', token: acme.token, body: { squad } });
    expect(res.status, res.text).toBe(201);
    return res.body.data.id;
  }

  it('numbers versions like the squad version, diffs tasks (added, removed, renamed, moved, links) and restores', async () => {
    const v1 = [task('a', agents[0]), task('b', agents[1], ['a'], box(300)), task('c', agents[1], [], box(600)), task('d', agents[0], [], box(900))];
    const id = await createSquad(squadBody(v1));
    const v2 = [
      { ...task('a', agents[0]), name: 'Collect sources' }, // renamed
      task('b', agents[1], [], box(300, 200)), // moved, link a→b removed
      task('c', agents[1], ['a'], box(600, 200)), // moved, link added
      task('e', agents[2], [], box(1200)), // added; d removed
    ];
    const put = await call(`/squads/${id}`, { method: 'PUT', token: acme.token, body: { squad: squadBody(v2) }, headers: { 'if-match': '"1"' } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data.version).toBe(2);
    // Position-only changes collapse into one line.
    const v3 = v2.map((t) => ({ ...t, coordinates: { ...t.coordinates, x: t.coordinates.x + 10 } }));
    expect((await call(`/squads/${id}`, { method: 'PUT', token: acme.token, body: { squad: squadBody(v3) } })).status).toBe(200);

    expect((await versions(acme, 'squads', id)).map((v) => [v.version, v.action])).toEqual([
      [3, 'updated'],
      [2, 'updated'],
      [1, 'created'],
    ]);
    const d = await diff(acme, 'squads', id, 1, 2);
    expect(d.tasks.added).toEqual([{ id: 'e', name: 'Task e' }]);
    expect(d.tasks.removed).toEqual([{ id: 'd', name: 'Task d' }]);
    expect(d.tasks.renamed).toEqual([{ id: 'a', before: 'Task a', after: 'Collect sources' }]);
    expect(d.tasks.dependsOnAdded).toEqual([{ task: 'c', dependsOn: 'a' }]);
    expect(d.tasks.dependsOnRemoved).toEqual([{ task: 'b', dependsOn: 'a' }]);
    expect(d.summary).toContain('Task renamed "Task a" → "Collect sources"');
    const moved = await diff(acme, 'squads', id, 2, 3);
    expect(moved.tasks.moved).toBe(4);
    expect(moved.summary).toEqual(['4 tasks moved']);
    expect(moved.changes).toEqual([]);

    const historyBefore = (await call(`/squads/history?squadId=${id}`, { token: acme.token })).body.data.length;
    const res = await restore(acme, 'squads', id, 1, { 'if-match': '"3"' });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('etag')).toBe('"4"');
    expect(res.body.data.version).toBe(4);
    expect(res.body.data.tasks.map((t: Json) => t.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(res.body.data.tasks[0].name).toBe('Task a');
    expect((await call(`/squads/${id}`, { token: acme.token })).body.data).toEqual(res.body.data);
    expect((await versions(acme, 'squads', id))[0]).toMatchObject({ version: 4, action: 'restored' });
    const history = (await call(`/squads/history?squadId=${id}`, { token: acme.token })).body.data;
    expect(history.length).toBe(historyBefore + 1);
    expect(history[0]).toMatchObject({ action: 'updated squad', type: 'success' });
    // The squad's own If-Match keeps working after a restore.
    expectError(await call(`/squads/${id}`, { method: 'PUT', token: acme.token, body: { squad: squadBody(v1) }, headers: { 'if-match': '"3"' } }), 409);
  });

  it('refuses with 409 naming the agent when an agent the old version used was deleted', async () => {
    const gone = await createAgent(acme, modelId);
    const id = await createSquad(squadBody([task('a', agents[0]), task('b', gone, ['a'], box(300))]));
    expect((await call(`/squads/${id}`, { method: 'PUT', token: acme.token, body: { squad: squadBody([task('a', agents[0])]) } })).status).toBe(200);
    expect((await call(`/agents/${gone}`, { method: 'DELETE', token: acme.token })).status).toBe(200);
    const before = (await call(`/squads/${id}`, { token: acme.token })).body;
    const res = await restore(acme, 'squads', id, 1);
    expect(expectError(res, 409).message).toContain(`no agent with id "${gone}"`);
    expect(errorPaths(res)).toEqual(['squad.tasks.1.agent']);
    expect((await call(`/squads/${id}`, { token: acme.token })).body).toEqual(before);
    expect((await versions(acme, 'squads', id)).length).toBe(2);
  });

  it('a deleted squad: its deletion is a version, and a restore recreates it with the next version', async () => {
    const id = await createSquad(squadBody([task('a', agents[0])]));
    expect((await call(`/squads/${id}`, { method: 'DELETE', token: acme.token })).status).toBe(200);
    expect((await versions(acme, 'squads', id)).map((v) => [v.version, v.action])).toEqual([
      [2, 'deleted'],
      [1, 'created'],
    ]);
    const res = await restore(acme, 'squads', id, 1);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id, version: 3 });
    expect((await call(`/squads/${id}`, { token: acme.token })).headers.get('etag')).toBe('"3"');
  });
});

describe('tools and knowledge bases', () => {
  it('tool: partial updates, enable, delete and restore are versions', async () => {
    const id = await createTool(acme, { name: 'Search', description: 'finds' });
    expect((await call(`/tools/${id}`, { method: 'PUT', token: acme.token, body: { description: 'finds things' } })).status).toBe(200);
    expect((await call(`/tools/${id}`, { method: 'PUT', token: acme.token, body: { enabled: false } })).status).toBe(200);
    expect((await call(`/tools/${id}`, { method: 'DELETE', token: acme.token })).status).toBe(200);
    expect((await versions(acme, 'tools', id)).map((v) => v.action)).toEqual(['deleted', 'disabled', 'updated', 'created']);
    expect((await diff(acme, 'tools', id, 1, 2)).changes).toEqual([{ path: 'description', before: 'finds', after: 'finds things' }]);
    const res = await restore(acme, 'tools', id, 2);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id, description: 'finds things', enabled: true });
    expect((await call(`/tools/${id}`, { token: acme.token })).body.data).toEqual(res.body.data);
  });

  it('knowledge base: replace and restore are versions', async () => {
    const id = await createKnowledgeBase(acme, { content: 'First text' });
    const body = (content: string) => ({
      knowledgeBase: { name: 'KB v', description: 'a base', enabled: true, sectors: ['support'], content, type: 'text', multimodal: false, tags: ['faq'] },
    });
    expect((await call(`/knowledge-bases/${id}`, { method: 'PUT', token: acme.token, body: body('Second text') })).status).toBe(200);
    expect((await diff(acme, 'knowledge-bases', id, 1, 2)).changes).toContainEqual({ path: 'content', before: 'First text', after: 'Second text' });
    const res = await restore(acme, 'knowledge-bases', id, 1, { 'if-match': '2' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.content).toBe('First text');
    expect((await versions(acme, 'knowledge-bases', id)).map((v) => [v.version, v.action])).toEqual([
      [3, 'restored'],
      [2, 'updated'],
      [1, 'created'],
    ]);
  });
});

describe('AI models', () => {
  it('versions follow versionControl, hold no key (only apikeySet/apikeyChanged), and a restore keeps the current key', async () => {
    const id = await createModel(acme, { name: 'Keyed' });
    const newKey = registerSecret(`sk-new-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`);
    expect((await call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, body: { model: { apikey: newKey, name: 'Keyed 2' } } })).status).toBe(200);
    expect((await call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, body: { model: { enabled: false } } })).status).toBe(200);
    const items = await versions(acme, 'ai-models', id);
    expect(items.map((v) => [v.version, v.action])).toEqual([
      [3, 'disabled'],
      [2, 'updated'],
      [1, 'created'],
    ]);
    const history = (await call(`/ai-models/${id}/history`, { token: acme.token })).body.data.items;
    expect(history.map((h: Json) => h.versionControl)).toEqual(['v3', 'v2', 'v1']);
    const v2 = await version(acme, 'ai-models', id, 2);
    expect(v2.state).not.toHaveProperty('apikey');
    expect(v2.state).toMatchObject({ apikeySet: true, apikeyChanged: true, name: 'Keyed 2' });
    expect((await version(acme, 'ai-models', id, 3)).state.apikeyChanged).toBe(false);
    const d = await diff(acme, 'ai-models', id, 1, 2);
    expect(d.changes).toEqual([{ path: 'name', before: 'Keyed', after: 'Keyed 2' }]);
    expect(d.summary).toContain('Provider key replaced');

    const masked = (await call(`/ai-models/${id}`, { token: acme.token })).body.data.apikey;
    const res = await restore(acme, 'ai-models', id, 1);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.data).toMatchObject({ id, name: 'Keyed', enabled: true, version: 4, apikey: masked });
    expect((await call(`/ai-models/${id}/history`, { token: acme.token })).body.data.items[0].versionControl).toBe('v4');
  });

  it('refuses a restore the provider rule forbids with the key the model has (409), changing nothing', async () => {
    const id = await createModel(acme, { name: 'Was keyless', provider: 'meta', apikey: null });
    const key = registerSecret(`sk-switch-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`);
    const put = await call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, body: { model: { provider: 'openai', apikey: key } } });
    expect(put.status, put.text).toBe(200);
    const before = (await call(`/ai-models/${id}`, { token: acme.token })).body;
    const res = await restore(acme, 'ai-models', id, 1);
    expect(expectError(res, 409).message).toMatch(/AI model version 1 cannot be restored: model\.apikey: is not accepted for provider "meta"/);
    expect((await versions(acme, 'ai-models', id)).length).toBe(2);
    expect((await call(`/ai-models/${id}`, { token: acme.token })).body).toEqual(before);
  });
});

describe('errors and confinement', () => {
  let agentId: string;
  beforeAll(async () => {
    agentId = await createAgent(acme, modelId);
  });

  it("another company's id is a 404 on every endpoint", async () => {
    for (const path of [`/agents/${agentId}/versions`, `/agents/${agentId}/versions/1`, `/agents/${agentId}/versions/diff?from=1&to=1`]) {
      expectError(await call(path, { token: other.token }), 404);
    }
    expectError(await restore(other, 'agents', agentId, 1), 404);
    expectError(await call(`/squads/${agentId}/versions`, { token: acme.token }), 404); // wrong kind
    expectError(await call('/tools/no-such-id/versions', { token: acme.token }), 404);
    expectError(await call(`/agents/${agentId}/versions/99`, { token: acme.token }), 404);
    expectError(await restore(acme, 'agents', agentId, 99), 404);
  });

  it('bad n, cursor, limit, from/to are 400s naming the field', async () => {
    expect(errorPaths(await call(`/agents/${agentId}/versions/abc`, { token: acme.token }))).toEqual(['n']);
    expect(errorPaths(await call(`/agents/${agentId}/versions/0`, { token: acme.token }))).toEqual(['n']);
    expect(errorPaths(await restore(acme, 'agents', agentId, -1 as number))).toEqual(['n']);
    expect(errorPaths(await call(`/agents/${agentId}/versions?last=garbage`, { token: acme.token }))).toEqual(['last']);
    expect(errorPaths(await call(`/agents/${agentId}/versions?limit=0`, { token: acme.token }))).toEqual(['limit']);
    expect(errorPaths(await call(`/agents/${agentId}/versions?limit=101`, { token: acme.token }))).toEqual(['limit']);
    expect(errorPaths(await call(`/agents/${agentId}/versions/diff?from=x&to=1`, { token: acme.token }))).toEqual(['from']);
    expect(errorPaths(await call(`/agents/${agentId}/versions/diff?from=1`, { token: acme.token }))).toEqual(['to']);
    const res = await call(`/agents/${agentId}/versions/diff?from=1&to=7`, { token: acme.token });
    expect(expectError(res, 404).message).toMatch(/no version 7/);
  });
});

describe('paging and first versions', () => {
  it('pages thousands of versions newest first, without repeats or gaps', async () => {
    const id = await createTool(acme);
    const { db } = await import('@/lib/server/db');
    const rows = Array.from({ length: 2999 }, (_, i) => ({
      companyId: acme.id,
      kind: 'tools',
      resourceId: id,
      version: i + 2,
      action: 'updated',
      state: { name: `n${i}` },
      responsible: 'seed',
      responsibleId: 'seed',
    }));
    for (let i = 0; i < rows.length; i += 500) await db().resourceVersion.createMany({ data: rows.slice(i, i + 500) });
    const seen: number[] = [];
    let last = '';
    let pages = 0;
    do {
      const res = await call(`/tools/${id}/versions?limit=100${last ? `&last=${encodeURIComponent(last)}` : ''}`, { token: acme.token });
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.data.items.map((v: Json) => v.version));
      last = res.body.data.next;
      pages++;
    } while (last);
    expect(pages).toBe(30);
    expect(seen).toEqual(Array.from({ length: 3000 }, (_, i) => 3000 - i));
    expect((await versions(acme, 'tools', id)).length).toBe(20);
    // Another company cannot page them, even with a valid cursor.
    expectError(await call(`/tools/${id}/versions?limit=5`, { token: other.token }), 404);
  });

  it('resources written before versions existed get a first version (their own counter for squads)', async () => {
    const { db } = await import('@/lib/server/db');
    const { backfillVersions } = await import('@/lib/server/kinds/backfill');
    const tool = await db().tool.create({
      data: { companyId: acme.id, name: 'Old tool', description: 'pre-versions', sectors: [], publisher: 'qa', enabled: true, environments: [] },
    });
    const squad = await db().squad.create({
      data: { companyId: acme.id, name: 'Old squad', order: 'sequential', enabled: true, doPlan: false, sectors: [], publisher: 'qa', version: 7 },
    });
    expectError(await call(`/tools/${tool.id}/versions`, { token: acme.token }), 404);
    expect(await backfillVersions()).toBeGreaterThanOrEqual(2);
    expect(await backfillVersions()).toBe(0);
    const [toolVersion] = await versions(acme, 'tools', tool.id);
    expect(toolVersion).toMatchObject({ version: 1, action: 'created', responsible: 'migration' });
    expect((await version(acme, 'tools', tool.id, 1)).state).toEqual((await call(`/tools/${tool.id}`, { token: acme.token })).body.data);
    expect((await versions(acme, 'squads', squad.id))[0]).toMatchObject({ version: 7, responsible: 'migration' });
    // The next change follows the counter.
    const get = (await call(`/squads/${squad.id}`, { token: acme.token })).body.data;
    const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...fields } = get;
    const put = await call(`/squads/${squad.id}`, { method: 'PUT', token: acme.token, body: { squad: { ...fields, name: 'Old squad 2' } } });
    expect(put.status, put.text).toBe(200);
    expect((await versions(acme, 'squads', squad.id))[0]).toMatchObject({ version: 8, action: 'updated' });
  });

  it('no stored version holds a provider key', async () => {
    const { db } = await import('@/lib/server/db');
    const rows = await db().resourceVersion.findMany({ where: { kind: 'ai-models' }, select: { state: true } });
    expect(rows.length).toBeGreaterThan(0);
    for (const { state } of rows) {
      expect(Object.keys(state as object)).not.toContain('apikey');
      expect(JSON.stringify(state)).not.toMatch(/sk-/);
    }
  });
});

describe('readable diffs: the names a diff refers to (decision 055)', () => {
  it('answers refs: current names, and a deleted resource by its last name, marked deleted', async () => {
    const [m2, t1, t2, k1, k2] = await Promise.all([createModel(acme), createTool(acme), createTool(acme), createKnowledgeBase(acme), createKnowledgeBase(acme)]);
    const body = agentBody(modelId, { tools: [t1], knowledgeBases: [k1] });
    const created = await call('/agents', { method: 'POST', token: acme.token, body });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    const put = await call(`/agents/${id}`, { method: 'PUT', token: acme.token, body: { ...body, model: m2, tools: [t1, t2], knowledgeBases: [k2] } });
    expect(put.status, put.text).toBe(200);
    const k1Name = (await call(`/knowledge-bases/${k1}`, { token: acme.token })).body.data.name;
    expect((await call(`/knowledge-bases/${k1}`, { method: 'DELETE', token: acme.token })).status).toBe(200);

    const d = await diff(acme, 'agents', id, 1, 2);
    const refs = d.refs as Record<string, Json>;
    const nameOf = async (kind: string, rid: string) => (await call(`/${kind}/${rid}`, { token: acme.token })).body;
    expect(refs[modelId]).toEqual({ kind: 'ai-models', name: (await nameOf('ai-models', modelId)).data.name, deleted: false });
    expect(refs[m2]).toMatchObject({ kind: 'ai-models', deleted: false });
    expect(refs[t2]).toEqual({ kind: 'tools', name: (await nameOf('tools', t2)).data.name, deleted: false });
    expect(refs[k1]).toEqual({ kind: 'knowledge-bases', name: k1Name, deleted: true });
    expect(refs[k2]).toMatchObject({ kind: 'knowledge-bases', deleted: false });
    expect(Object.keys(refs).sort()).toEqual([modelId, m2, t1, t2, k1, k2].sort());
  });

  it("names a squad's agents (slots and tasks) and its tasks", async () => {
    const [a1, a2] = await Promise.all([createAgent(acme, modelId), createAgent(acme, modelId)]);
    const squad = { name: `Refs ${Date.now()}`, order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher: 'qa', tasks: [task('t1', a1)], planningAgent: { id: a1 }, supervisor: null };
    const created = await call('/squads', { method: 'POST', token: acme.token, body: { squad } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    const put = await call(`/squads/${id}`, { method: 'PUT', token: acme.token, body: { squad: { ...squad, tasks: [task('t1', a2)], planningAgent: { id: a2 } } } });
    expect(put.status, put.text).toBe(200);
    const d = await diff(acme, 'squads', id, 1, 2);
    expect(d.changes).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'planningAgent.id' }), expect.objectContaining({ path: 'tasks.t1.agent' })]));
    expect(Object.keys(d.refs as Json).sort()).toEqual([a1, a2].sort());
    expect((d.refs as Record<string, Json>)[a2]).toMatchObject({ kind: 'agents', deleted: false });
    expect(d.taskNames).toEqual({ t1: 'Task t1' });
  });
});

describe('the tools and knowledge bases history (decision 057)', () => {
  it('lists every change of the kind in the company, newest first, paged, with the name as of each change', async () => {
    const company = await newCompany();
    const tool = await createTool(company, { name: 'First name' });
    expect((await call(`/tools/${tool}`, { method: 'PUT', token: company.token, body: { name: 'Second name' } })).status).toBe(200);
    expect((await call(`/tools/${tool}`, { method: 'DELETE', token: company.token })).status).toBe(200);
    const kb = await createKnowledgeBase(company);

    const page1 = await call('/tools/history?limit=2', { token: company.token });
    expect(page1.status, page1.text).toBe(200);
    expect(page1.body.data.items.map((r: Json) => [r.action, r.version, r.name, r.resourceId])).toEqual([
      ['deleted', 3, 'Second name', tool],
      ['updated', 2, 'Second name', tool],
    ]);
    expect(page1.body.data.items[0]).toMatchObject({ responsible: expect.any(String), responsibleId: expect.any(String), date: expect.any(String), id: expect.any(String) });
    const page2 = await call(`/tools/history?limit=2&last=${encodeURIComponent(page1.body.data.next)}`, { token: company.token });
    expect(page2.body.data.items.map((r: Json) => [r.action, r.name])).toEqual([['created', 'First name']]);
    expect(page2.body.data.next).toBe('');

    const kbs = await call('/knowledge-bases/history', { token: company.token });
    expect(kbs.body.data.items.map((r: Json) => [r.action, r.resourceId])).toEqual([['created', kb]]);
    // Another company's changes are not listed.
    const others = await call('/tools/history', { token: other.token });
    expect(others.body.data.items.map((r: Json) => r.resourceId)).not.toContain(tool);
    const badLimit = await call('/tools/history?limit=0', { token: company.token });
    expectError(badLimit, 400);
    expect(errorPaths(badLimit)).toEqual(['limit']);
    const badCursor = await call('/knowledge-bases/history?last=nope', { token: company.token });
    expectError(badCursor, 400);
    expect(errorPaths(badCursor)).toEqual(['last']);
  });
});
