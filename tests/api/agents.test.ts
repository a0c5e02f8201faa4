// Agents: spec endpoints 2–6 and D6's extensions, over HTTP against the real server.
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { OTHER_WRITERS_SEEN_WITHIN_MS } from '@/lib/server/store/sqlite';
import { agentBody, createAgent, createKnowledgeBase, createModel, createTool } from './factories';
import { call, errorPaths, expectError, newCompany, type TestCompany } from './helpers';

let acme: TestCompany;
let other: TestCompany;
let modelId: string;

beforeAll(async () => {
  [acme, other] = await Promise.all([newCompany(), newCompany()]);
  modelId = await createModel(acme);
});

describe('POST /agents', () => {
  it('creates an agent with references as ids or objects, and answers 201 data { id }', async () => {
    const [toolId, kbId] = await Promise.all([createTool(acme), createKnowledgeBase(acme)]);
    const res = await call('/agents', {
      method: 'POST',
      token: acme.token,
      body: agentBody(modelId, { name: '  Trimmed  ', model: { id: modelId }, tools: [{ id: toolId }], knowledgeBases: [kbId] }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'OK', data: { id: expect.any(String) } });
    const detail = await call(`/agents/${res.body.data.id}`, { token: acme.token });
    expect(detail.body.data.Agent).toMatchObject({ id: res.body.data.id, name: 'Trimmed', model: modelId, tools: [toolId], knowledgeBases: [kbId] });
  });

  it('accepts the quoted booleans and numbers of the spec samples and stores real ones', async () => {
    const body = agentBody(modelId, { enabled: 'true', auto: 'false', temperature: '0.7', 'can.delegate': 'true', can_code: 'false' });
    const res = await call('/agents', { method: 'POST', token: acme.token, body });
    expect(res.status).toBe(201);
    const { Agent } = (await call(`/agents/${res.body.data.id}`, { token: acme.token })).body.data;
    expect(Agent).toMatchObject({ enabled: true, auto: false, temperature: 0.7, 'can.delegate': true, can_code: false });
  });

  it('accepts can_delegate as the spelling of can.delegate', async () => {
    const body = agentBody(modelId);
    delete body['can.delegate'];
    body.can_delegate = true;
    const res = await call('/agents', { method: 'POST', token: acme.token, body });
    expect(res.status).toBe(201);
    const { Agent } = (await call(`/agents/${res.body.data.id}`, { token: acme.token })).body.data;
    expect(Agent['can.delegate']).toBe(true);
  });

  it.each([
    ['temperature', 1.5],
    ['temperature', -0.1],
    ['temperature', 'hot'],
    ['enabled', 'yes'],
    ['enabled', 1],
    ['name', '   '],
    ['sectors', 'support'],
    ['tools', [123]],
    ['model', ''],
  ])('refuses %s = %j with 400 naming the field', async (field, value) => {
    const res = await call('/agents', { method: 'POST', token: acme.token, body: agentBody(modelId, { [field]: value }) });
    expectError(res, 400);
    expect(errorPaths(res).some((p) => p === field || p.startsWith(`${field}.`))).toBe(true);
  });

  it('requires every field', async () => {
    const res = await call('/agents', { method: 'POST', token: acme.token, body: {} });
    expectError(res, 400);
    expect(errorPaths(res)).toEqual(
      expect.arrayContaining(['name', 'enabled', 'model', 'auto', 'reasoning', 'publisher', 'temperature', 'role', 'objective', 'referencies', 'can.delegate', 'can_code', 'multimodal', 'sectors', 'tools', 'knowledgeBases']),
    );
  });

  it('refuses references to unknown or foreign resources, naming each', async () => {
    const foreignModel = await createModel(other);
    const foreignTool = await createTool(other);
    const res = await call('/agents', { method: 'POST', token: acme.token, body: agentBody(foreignModel, { tools: [foreignTool], knowledgeBases: ['nope'] }) });
    expectError(res, 400);
    expect(errorPaths(res).sort()).toEqual(['knowledgeBases.0', 'model', 'tools.0']);
  });

  it('refuses a body that is not JSON, not declared JSON, or too large, and changes nothing', async () => {
    const before = (await call('/agents', { token: acme.token })).body.length;
    expectError(await call('/agents', { method: 'POST', token: acme.token, raw: '{"name": ' }), 400);
    expectError(await call('/agents', { method: 'POST', token: acme.token, raw: JSON.stringify(agentBody(modelId)), headers: { 'content-type': 'text/plain' } }), 415);
    expectError(await call('/agents', { method: 'POST', token: acme.token, body: agentBody(modelId, { objective: 'x'.repeat(1.1 * 1024 * 1024) }) }), 413);
    expect((await call('/agents', { token: acme.token })).body.length).toBe(before);
  });
});

describe('reads', () => {
  it('GET /agents answers a bare array confined to the company, with ?sector=', async () => {
    const sales = await createAgent(acme, modelId, { sectors: ['sales'] });
    const foreign = await createAgent(other, await createModel(other));
    const all = await call('/agents', { token: acme.token });
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.map((a: { id: string }) => a.id)).toContain(sales);
    expect(all.body.map((a: { id: string }) => a.id)).not.toContain(foreign);
    for (const agent of all.body) expect(agent).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String), enabled: expect.any(Boolean) }));
    const filtered = await call('/agents?sector=sales', { token: acme.token });
    expect(filtered.body.length).toBeGreaterThan(0);
    expect(filtered.body.every((a: { sectors: string[] }) => a.sectors.includes('sales'))).toBe(true);
  });

  it('GET /agents/{id} answers data { Agent } with every field', async () => {
    const id = await createAgent(acme, modelId);
    const res = await call(`/agents/${id}`, { token: acme.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('OK');
    expect(Object.keys(res.body.data)).toEqual(['Agent']);
    expect(res.body.data.Agent).toEqual(
      expect.objectContaining({
        id, name: expect.any(String), enabled: true, model: modelId, auto: false, reasoning: true, publisher: 'qa', temperature: 0.3,
        role: 'Support agent', objective: 'Answer customers', referencies: 'Internal handbook', 'can.delegate': false, can_code: false,
        multimodal: false, sectors: ['support'], tools: [], knowledgeBases: [],
      }),
    );
  });

  it("another company's agent is a 404 on every verb", async () => {
    const id = await createAgent(other, await createModel(other));
    expectError(await call(`/agents/${id}`, { token: acme.token }), 404);
    expectError(await call(`/agents/${id}`, { method: 'PUT', token: acme.token, body: agentBody(modelId) }), 404);
    expectError(await call(`/agents/${id}/enable`, { method: 'PUT', token: acme.token, body: { enabled: false } }), 404);
    expectError(await call(`/agents/${id}`, { method: 'DELETE', token: acme.token }), 404);
    expect((await call(`/agents/${id}`, { token: other.token })).body.data.Agent.enabled).toBe(true);
  });

  it("concurrent detail reads of two companies each answer their own agent, and the other company's ids 404", async () => {
    // Reads arriving together may share one statement (decision 026, PostgreSQL): none may see another's row.
    const otherModel = await createModel(other);
    const mine = await Promise.all(Array.from({ length: 12 }, (_, i) => createAgent(acme, modelId, { name: `Mine ${i}` })));
    const theirs = await Promise.all(Array.from({ length: 12 }, (_, i) => createAgent(other, otherModel, { name: `Theirs ${i}` })));
    const reads = [
      ...mine.map((id, i) => ({ id, token: acme.token, name: `Mine ${i}` })),
      ...theirs.map((id, i) => ({ id, token: other.token, name: `Theirs ${i}` })),
      ...theirs.map((id) => ({ id, token: acme.token, name: undefined })),
      ...mine.map((id) => ({ id, token: other.token, name: undefined })),
      { id: 'no-such-agent', token: acme.token, name: undefined },
    ];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(reads.map((r) => call(`/agents/${r.id}`, { token: r.token })));
      answers.forEach((res, i) => {
        const { id, name } = reads[i]!;
        if (name === undefined) expectError(res, 404);
        else expect(res.body.data.Agent).toMatchObject({ id, name });
      });
    }
  });
});

describe('concurrent creates', () => {
  it("each company's creates check their references in their own company, whatever else is created at the moment", async () => {
    // Reference checks arriving together may share one statement (decision 026, PostgreSQL).
    const [otherModel, acmeTool, otherTool] = await Promise.all([createModel(other), createTool(acme), createTool(other)]);
    const attempts = Array.from({ length: 24 }, (_, i) => {
      const mine = i % 2 === 0;
      const company = mine ? acme : other;
      const ownModel = mine ? modelId : otherModel;
      const ownTool = mine ? acmeTool : otherTool;
      const foreignModel = mine ? otherModel : modelId;
      const foreignTool = mine ? otherTool : acmeTool;
      if (i % 6 === 2) return { company, body: agentBody(ownModel, { name: `C${i}`, tools: [ownTool, foreignTool] }), refused: 'tools.1' };
      if (i % 6 === 5) return { company, body: agentBody(foreignModel, { name: `C${i}`, tools: [ownTool] }), refused: 'model' };
      return { company, body: agentBody(ownModel, { name: `C${i}`, tools: [ownTool] }), refused: undefined };
    });
    const answers = await Promise.all(attempts.map((a) => call('/agents', { method: 'POST', token: a.company.token, body: a.body })));
    for (const [i, res] of answers.entries()) {
      const { company, body, refused } = attempts[i]!;
      if (refused) {
        expectError(res, 400);
        expect(errorPaths(res)).toEqual([refused]);
      } else {
        expect(res.status).toBe(201);
        const { Agent } = (await call(`/agents/${res.body.data.id}`, { token: company.token })).body.data;
        expect(Agent).toMatchObject({ name: body.name, model: body.model, tools: body.tools });
      }
    }
  });
});

describe('changes and history', () => {
  it('PUT /agents/{id}/enable answers data { id, enabled } and records each change', async () => {
    const id = await createAgent(acme, modelId);
    const off = await call(`/agents/${id}/enable`, { method: 'PUT', token: acme.token, body: { enabled: 'false' } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ status: 'OK', data: { id, enabled: false } });
    await call(`/agents/${id}/enable`, { method: 'PUT', token: acme.token, body: { enabled: false } });
    expectError(await call(`/agents/${id}/enable`, { method: 'PUT', token: acme.token, body: {} }), 400);
    const history = await call('/agents/history', { token: acme.token });
    expect(Array.isArray(history.body)).toBe(true);
    const mine = history.body.filter((h: { agentId: string }) => h.agentId === id);
    expect(mine.map((h: { action: string }) => h.action)).toEqual(['disabled agent', 'disabled agent', 'created agent']);
    for (const h of mine) {
      expect(h).toEqual(expect.objectContaining({ id: expect.any(String), agentId: id, action: expect.any(String), responsible: 'default' }));
      expect(new Date(h.timestamp).toISOString()).toBe(h.timestamp);
    }
  });

  it('PUT /agents/{id} replaces the agent; DELETE removes it and its history outlives it', async () => {
    const id = await createAgent(acme, modelId);
    const replaced = await call(`/agents/${id}`, { method: 'PUT', token: acme.token, body: agentBody(modelId, { name: 'Renamed', temperature: 1 }) });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ id, name: 'Renamed', temperature: 1 });
    expectError(await call(`/agents/${id}`, { method: 'PUT', token: acme.token, body: agentBody(modelId, { temperature: 2 }) }), 400);
    expect((await call(`/agents/${id}`, { token: acme.token })).body.data.Agent.temperature).toBe(1);
    const deleted = await call(`/agents/${id}`, { method: 'DELETE', token: acme.token });
    expect(deleted.body).toEqual({ status: 'OK', data: { id } });
    expectError(await call(`/agents/${id}`, { token: acme.token }), 404);
    const actions = (await call('/agents/history', { token: acme.token })).body.filter((h: { agentId: string }) => h.agentId === id).map((h: { action: string }) => h.action);
    expect(actions).toEqual(['deleted agent', 'updated agent', 'created agent']);
  });

  it('a detail read again after any change answers the change (the SQLite server keeps read records while nothing changed)', async () => {
    const id = await createAgent(acme, modelId, { name: 'Kept' });
    const detail = async () => (await call(`/agents/${id}`, { token: acme.token })).body.data.Agent;
    expect((await detail()).name).toBe('Kept');
    expect((await detail()).name).toBe('Kept');
    await call(`/agents/${id}/enable`, { method: 'PUT', token: acme.token, body: { enabled: false } });
    expect((await detail()).enabled).toBe(false);
    await call(`/agents/${id}`, { method: 'PUT', token: acme.token, body: agentBody(modelId, { name: 'Replaced' }) });
    expect((await detail()).name).toBe('Replaced');
    await call(`/agents/${id}/versions/1/restore`, { method: 'POST', token: acme.token });
    expect((await detail()).name).toBe('Kept');
    // Written by another connection to the database (this test's own), as another process would:
    // seen within OTHER_WRITERS_SEEN_WITHIN_MS on SQLite, at once on PostgreSQL.
    await db().agent.update({ where: { id }, data: { name: 'Written elsewhere' } });
    await sleep(OTHER_WRITERS_SEEN_WITHIN_MS + 10);
    expect((await detail()).name).toBe('Written elsewhere');
    await db().agentTool.deleteMany({ where: { agentId: id } });
    await sleep(OTHER_WRITERS_SEEN_WITHIN_MS + 10);
    expect((await detail()).tools).toEqual([]);
    // Another company still cannot read it, before or after the owner did.
    expectError(await call(`/agents/${id}`, { token: other.token }), 404);
    await call(`/agents/${id}`, { method: 'DELETE', token: acme.token });
    expectError(await call(`/agents/${id}`, { token: acme.token }), 404);
  });

  it('50 parallel creations are all acknowledged and all listed', async () => {
    const company = await newCompany();
    const model = await createModel(company);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => call('/agents', { method: 'POST', token: company.token, body: agentBody(model, { name: `Parallel ${i}` }) })));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const listed = (await call('/agents', { token: company.token })).body.map((a: { id: string }) => a.id).sort();
    expect(listed).toEqual(results.map((r) => r.body.data.id).sort());
    const history = (await call('/agents/history', { token: company.token })).body;
    expect(history.filter((h: { action: string }) => h.action === 'created agent')).toHaveLength(50);
  });

  it('parallel toggles leave exactly one history record per acknowledged change', async () => {
    const company = await newCompany();
    const id = await createAgent(company, await createModel(company));
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => call(`/agents/${id}/enable`, { method: 'PUT', token: company.token, body: { enabled: i % 2 === 0 } })));
    const acknowledged = results.filter((r) => r.status === 200).length;
    expect(acknowledged).toBe(30);
    const toggles = (await call('/agents/history', { token: company.token })).body.filter((h: { action: string }) => h.action !== 'created agent');
    expect(toggles).toHaveLength(acknowledged);
  });
});

describe('credentials', () => {
  it('every agent endpoint answers 401 without a credential', async () => {
    for (const [method, path] of [['GET', '/agents'], ['POST', '/agents'], ['GET', '/agents/x'], ['PUT', '/agents/x'], ['DELETE', '/agents/x'], ['PUT', '/agents/x/enable'], ['GET', '/agents/history']]) {
      expectError(await call(path, { method, body: method === 'GET' ? undefined : {} }), 401);
    }
  });
});
