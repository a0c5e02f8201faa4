// Where used (GET /api/{kind}/{id}/usage, the 409 of a refused delete) and bundles (export a squad
// with what it needs, import it into another company: preview, then all or nothing), issue 10.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '@/scripts/lib/bulk-insert';
import { createAgent, createKnowledgeBase, createModel, createSquad, createTool, box } from './factories';
import { baseUrl, call, errorPaths, expectError, newCompany, registerSecret, type TestCompany } from './helpers';

const usage = (company: TestCompany, kind: string, id: string) => call(`/${kind}/${id}/usage`, { token: company.token });

describe('GET /{kind}/{id}/usage', () => {
  let acme: TestCompany;
  let other: TestCompany;
  beforeAll(async () => {
    [acme, other] = await Promise.all([newCompany(), newCompany()]);
  });

  it('lists the squads using an agent (task with its tasks, planning agent, supervisor) and the agents using a tool, base or model', async () => {
    const model = await createModel(acme);
    const tool = await createTool(acme);
    const kb = await createKnowledgeBase(acme);
    const worker = await createAgent(acme, model, { name: 'Worker', tools: [tool], knowledgeBases: [kb] });
    const boss = await createAgent(acme, model, { name: 'Boss', tools: [tool] });
    const unused = await createTool(acme);
    const flow = await createSquad(acme, {
      name: 'B flow',
      tasks: [
        { id: 't1', agent: worker, name: 'Triage', objective: 'Sort', dependsOn: [], coordinates: box(0) },
        { id: 't2', agent: boss, name: 'Review', objective: 'Check', dependsOn: ['t1'], coordinates: box(300) },
        { id: 't3', agent: worker, name: 'Answer', objective: 'Reply', dependsOn: ['t2'], coordinates: box(600) },
      ],
      order: 'hierarchical',
      supervisor: { id: worker },
    });
    const planned = await createSquad(acme, {
      name: 'A planned',
      tasks: [{ id: 'only', agent: boss, name: 'Do', objective: 'It', dependsOn: [], coordinates: box(0) }],
      do_plan: true,
      planningAgent: { id: worker, coordinates: box(0) },
    });

    const agentUsage = await usage(acme, 'agents', worker);
    expect(agentUsage.status).toBe(200);
    expect(agentUsage.body).toEqual({
      status: 'OK',
      data: {
        total: 2,
        items: [
          { kind: 'squad', id: planned, name: 'A planned', via: ['planningAgent'], tasks: [] },
          { kind: 'squad', id: flow, name: 'B flow', via: ['task', 'supervisor'], tasks: [{ id: 't1', name: 'Triage' }, { id: 't3', name: 'Answer' }] },
        ],
      },
    });
    expect((await usage(acme, 'tools', tool)).body.data).toEqual({
      total: 2,
      items: [
        { kind: 'agent', id: boss, name: 'Boss' },
        { kind: 'agent', id: worker, name: 'Worker' },
      ],
    });
    expect((await usage(acme, 'knowledge-bases', kb)).body.data).toEqual({ total: 1, items: [{ kind: 'agent', id: worker, name: 'Worker' }] });
    expect((await usage(acme, 'ai-models', model)).body.data.items.map((i: { name: string }) => i.name)).toEqual(['Boss', 'Worker']);
    expect((await usage(acme, 'tools', unused)).body.data).toEqual({ total: 0, items: [] });
    expect((await usage(acme, 'squads', flow)).body.data).toEqual({ total: 0, items: [] });
  });

  it('answers 404 for another company\'s id and for an unknown one, 401 without a credential, 405 for other methods', async () => {
    const model = await createModel(acme);
    for (const kind of ['agents', 'squads', 'tools', 'knowledge-bases', 'ai-models']) {
      expectError(await call(`/${kind}/nope-${randomUUID()}/usage`, { token: acme.token }), 404);
    }
    expectError(await usage(other, 'ai-models', model), 404);
    expectError(await call(`/ai-models/${model}/usage`), 401);
    expectError(await call(`/ai-models/${model}/usage`, { method: 'POST', token: acme.token, body: {} }), 405);
  });

  it('a refused delete names its dependents in the message and lists them in `dependents`', async () => {
    const model = await createModel(acme);
    const tool = await createTool(acme);
    const kb = await createKnowledgeBase(acme);
    const agents: string[] = [];
    for (let i = 1; i <= 7; i++) agents.push(await createAgent(acme, model, { name: `User ${i}`, tools: [tool], knowledgeBases: [kb] }));
    const squad = await createSquad(acme, { name: 'Users squad', tasks: [{ id: 'a', agent: agents[0], name: 'A', objective: 'A', coordinates: box(0) }] });
    for (const [kind, id] of [['ai-models', model], ['tools', tool], ['knowledge-bases', kb]]) {
      const res = await call(`/${kind}/${id}`, { method: 'DELETE', token: acme.token });
      const body = expectError(res, 409) as ReturnType<typeof expectError> & { dependents: unknown };
      expect(body.message).toMatch(/is used by 7 agents: "User 1", "User 2", "User 3", "User 4", "User 5" and 2 more/);
      expect(body.dependents).toEqual(agents.map((agentId, i) => ({ kind: 'agent', id: agentId, name: `User ${i + 1}` })));
    }
    const refused = await call(`/agents/${agents[0]}`, { method: 'DELETE', token: acme.token });
    expect(expectError(refused, 409).message).toMatch(/Agent is used by 1 squad: "Users squad"/);
    expect(refused.body.dependents).toEqual([{ kind: 'squad', id: squad, name: 'Users squad' }]);
    expect((await call(`/agents/${agents[0]}`, { token: acme.token })).status).toBe(200);
  });

  it('answers with every agent when 2,000 agents use one model; the 409 lists the first 50', async () => {
    const company = await newCompany();
    const model = await createModel(company);
    const tag = randomUUID().slice(0, 8);
    const at = new Date();
    const n = 2000;
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `${tag}-agent-${String(i).padStart(5, '0')}`, companyId: company.id, name: `Bulk ${String(i).padStart(5, '0')}`, enabled: true, modelId: model,
      auto: false, reasoning: false, publisher: 'scale', temperature: 0.5, role: 'r', objective: 'o', referencies: 'x', canDelegate: false, canCode: false,
      multimodal: false, sectors: [], createdAt: at, updatedAt: at,
    }));
    await bulkInsert('Agent', rows);
    const t0 = performance.now();
    const res = await usage(company, 'ai-models', model);
    const ms = performance.now() - t0;
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(n);
    expect(res.body.data.items.map((i: { id: string }) => i.id)).toEqual(rows.map((r) => r.id));
    const refused = await call(`/ai-models/${model}`, { method: 'DELETE', token: company.token });
    expect(expectError(refused, 409).message).toContain(`is used by ${n} agents: "Bulk 00000", "Bulk 00001", "Bulk 00002", "Bulk 00003", "Bulk 00004" and ${n - 5} more`);
    expect(refused.body.dependents).toHaveLength(50);
    console.log(`usage of a model used by ${n} agents: ${Math.round(ms)} ms, ${res.text.length} bytes`);
  });
});

describe('bundles', () => {
  let a: TestCompany;
  let b: TestCompany;
  let squadA: string;
  let fileKbA: string;
  const key = () => registerSecret(`sk-bundle-${randomUUID()}`);

  const exportOf = async (company: TestCompany, squad: string) => {
    const res = await call(`/squads/${squad}/bundle`, { token: company.token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const importInto = (company: TestCompany, body: Record<string, unknown>) => call('/bundles/import', { method: 'POST', token: company.token, body });
  const withoutExportedAt = ({ exportedAt, ...doc }: { exportedAt: string }) => {
    expect(Date.parse(exportedAt)).not.toBeNaN();
    return doc;
  };
  const counts = async (company: TestCompany) => {
    const { db } = await import('@/lib/server/db');
    const where = { companyId: company.id };
    const [agents, squads, tools, kbs, models, agentHistory, squadHistory, modelHistory] = await Promise.all([
      db().agent.count({ where }), db().squad.count({ where }), db().tool.count({ where }), db().knowledgeBase.count({ where }), db().aiModel.count({ where }),
      db().agentHistory.count({ where }), db().squadHistory.count({ where }), db().aiModelHistory.count({ where }),
    ]);
    return { agents, squads, tools, kbs, models, agentHistory, squadHistory, modelHistory };
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([newCompany(), newCompany()]);
    const gpt = await createModel(a, { name: 'GPT main', provider: 'openai', apikey: key() });
    const mistral = await createModel(a, { name: 'Mistral local', provider: 'mistral', apikey: null, sectors: ['ops'] });
    await createModel(a, { name: 'Unused model' });
    const codeTool = await createTool(a, { name: 'Calculator', code: 'function add(a, b) { return a + b; }', entryFunctionName: 'add' });
    const mcpTool = await createTool(a, { name: 'Search', mcp: { url: 'https://mcp.example.com/sse', transport: 'sse' } });
    const textKb = await createKnowledgeBase(a, { name: 'FAQ', content: 'Q: hello? A: hi.' });
    const urlKb = await createKnowledgeBase(a, { name: 'Docs', type: 'url', content: 'https://docs.example.com/' });
    const fileRes = await call('/knowledge-bases', {
      method: 'POST',
      token: a.token,
      body: { knowledgeBase: { name: 'Handbook', description: 'PDF', enabled: true, sectors: [], type: 'file', multimodal: true, tags: [] }, filename: 'handbook.txt' },
    });
    fileKbA = fileRes.body.data.id;
    const form = new FormData();
    form.append('file', new Blob(['handbook bytes']), 'handbook.txt');
    expect((await fetch(`${baseUrl()}/api/knowledge-bases/${fileKbA}/file`, { method: 'PUT', headers: { authorization: a.token }, body: form })).status).toBe(200);
    const triage = await createAgent(a, gpt, { name: 'Triage agent', tools: [mcpTool, codeTool], knowledgeBases: [fileKbA, textKb], temperature: 0.25 });
    const writer = await createAgent(a, mistral, { name: 'Writer agent', tools: [codeTool], knowledgeBases: [urlKb], enabled: false, 'can.delegate': true });
    const planner = await createAgent(a, gpt, { name: 'Planner agent' });
    squadA = await createSquad(a, {
      name: 'Support bundle',
      order: 'hierarchical',
      do_plan: true,
      sectors: ['support', 'sales'],
      planningAgent: { id: planner, coordinates: box(-300) },
      supervisor: { id: triage },
      tasks: [
        { id: 'triage', agent: triage, name: 'Triage', objective: 'Classify', dependsOn: [], coordinates: box(0) },
        { id: 'write', agent: writer, name: 'Write', objective: 'Draft', dependsOn: ['triage'], coordinates: box(300) },
        { id: 'check', agent: triage, name: 'Check', objective: 'Review', dependsOn: ['write'], coordinates: box(600) },
      ],
    });
  });

  it('exports the squad with local refs, no ids and no provider key; 404 for another company', async () => {
    const res = await call(`/squads/${squadA}/bundle`, { token: a.token });
    expect(res.status).toBe(200);
    const doc = res.body.data;
    expect(doc).toMatchObject({ format: 'aoc-bundle', version: 1 });
    expect(doc.squad.tasks.map((t: { agent: string }) => t.agent)).toEqual(['agent-1', 'agent-2', 'agent-1']);
    expect(doc.squad.planningAgent).toEqual({ id: 'agent-3', coordinates: box(-300) });
    expect(doc.squad.supervisor).toEqual({ id: 'agent-1' });
    expect(doc.agents.map((x: { name: string }) => x.name)).toEqual(['Triage agent', 'Writer agent', 'Planner agent']);
    expect(doc.agents[0]).toMatchObject({ ref: 'agent-1', model: 'model-1', tools: ['tool-1', 'tool-2'], knowledgeBases: ['kb-1', 'kb-2'], temperature: 0.25 });
    expect(doc.aiModels.map((m: { name: string }) => m.name)).toEqual(['GPT main', 'Mistral local']);
    expect(doc.tools.map((t: { name: string }) => t.name)).toEqual(['Search', 'Calculator']);
    expect(doc.knowledgeBases.find((k: { name: string }) => k.name === 'Handbook')).toMatchObject({ type: 'file', content: '', filename: 'handbook.txt' });
    for (const model of doc.aiModels) expect(model).not.toHaveProperty('apikey');
    // No database id of company A anywhere in the document.
    const { db } = await import('@/lib/server/db');
    const idsOfA = (await Promise.all([db().agent.findMany({ where: { companyId: a.id } }), db().tool.findMany({ where: { companyId: a.id } }), db().aiModel.findMany({ where: { companyId: a.id } }), db().knowledgeBase.findMany({ where: { companyId: a.id } })])).flat().map((r) => r.id);
    for (const id of [...idsOfA, squadA, a.id]) expect(res.text).not.toContain(id);
    expect(res.text).not.toContain('sk-');
    expectError(await call(`/squads/${squadA}/bundle`, { token: b.token }), 404);
  });

  it('round trip between two companies: preview, refused without the key, applied with it; export → import → export is the same document', async () => {
    const first = await exportOf(a, squadA);
    const before = await counts(b);
    const preview = await importInto(b, { bundle: first, dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body.data.dryRun).toBe(true);
    expect(preview.body.data.items.every((i: { action: string }) => i.action === 'create')).toBe(true);
    expect(preview.body.data.items).toHaveLength(2 + 2 + 3 + 3 + 1);
    expect(preview.body.data.keysNeeded).toEqual([{ ref: 'model-1', name: 'GPT main', provider: 'openai', given: false }]);
    expect(preview.body.data.filesMissing).toEqual([{ ref: 'kb-1', name: 'Handbook', filename: 'handbook.txt', id: null }]);
    expect(await counts(b)).toEqual(before);

    const refused = await importInto(b, { bundle: first, dryRun: false });
    expectError(refused, 400);
    expect(errorPaths(refused)).toEqual(['apikeys.model-1']);
    expect(await counts(b)).toEqual(before);

    const applied = await importInto(b, { bundle: first, dryRun: false, apikeys: { 'model-1': key() } });
    expect(applied.status).toBe(201);
    const plan = applied.body.data;
    expect(plan.squad.name).toBe('Support bundle');
    expect(plan.items.every((i: { id: string | null }) => typeof i.id === 'string')).toBe(true);
    expect(plan.filesMissing[0].id).toEqual(plan.items.find((i: { ref: string }) => i.ref === 'kb-1').id);
    // Each creation wrote its usual history record, in company B.
    expect(await counts(b)).toEqual({ agents: 3, squads: 1, tools: 2, kbs: 3, models: 2, agentHistory: 3, squadHistory: 1, modelHistory: 2 });
    const squadB = (await call(`/squads/${plan.squad.id}`, { token: b.token })).body.data;
    expect(squadB.tasks.map((t: { agent: string }) => t.agent)).toEqual([plan.items.find((i: { ref: string }) => i.ref === 'agent-1').id, plan.items.find((i: { ref: string }) => i.ref === 'agent-2').id, plan.items.find((i: { ref: string }) => i.ref === 'agent-1').id]);
    const modelB = (await call(`/ai-models/${plan.items.find((i: { ref: string }) => i.ref === 'model-1').id}`, { token: b.token })).body.data;
    expect(modelB.apikey).toMatch(/\*/);

    const second = await exportOf(b, plan.squad.id);
    expect(withoutExportedAt(second)).toEqual(withoutExportedAt(first));
  });

  it('into the same company: every resource matches by name, only the squad is created (with a warning)', async () => {
    const doc = await exportOf(a, squadA);
    const before = await counts(a);
    const preview = await importInto(a, { bundle: doc });
    expect(preview.status).toBe(200);
    const { items, keysNeeded, filesMissing, warnings } = preview.body.data;
    expect(items.filter((i: { action: string }) => i.action === 'create').map((i: { kind: string }) => i.kind)).toEqual(['squad']);
    expect(items.find((i: { ref: string }) => i.ref === 'kb-1').id).toBe(fileKbA);
    expect(keysNeeded).toEqual([]);
    expect(filesMissing).toEqual([]);
    expect(warnings.join(' ')).toMatch(/squad named "Support bundle" already exists/);
    const applied = await importInto(a, { bundle: doc, dryRun: false });
    expect(applied.status).toBe(201);
    expect(await counts(a)).toEqual({ ...before, squads: before.squads + 1, squadHistory: before.squadHistory + 1 });
    const copy = await exportOf(a, applied.body.data.squad.id);
    expect(withoutExportedAt(copy)).toEqual(withoutExportedAt(doc));
  });

  it('a bad bundle is a 400 naming the path, and changes nothing', async () => {
    const doc = await exportOf(a, squadA);
    const c = await newCompany();
    const before = await counts(c);
    const cases: [unknown, string][] = [
      [{ ...doc, format: 'zip' }, 'bundle.format'],
      [{ ...doc, version: 2 }, 'bundle.version'],
      [{ ...doc, agents: doc.agents.map((x: object, i: number) => (i === 1 ? { ...x, model: 'model-9' } : x)) }, 'bundle.agents.1.model'],
      [{ ...doc, agents: doc.agents.map((x: object, i: number) => (i === 0 ? { ...x, temperature: 3 } : x)) }, 'bundle.agents.0.temperature'],
      [{ ...doc, squad: { ...doc.squad, tasks: [{ ...doc.squad.tasks[0], agent: 'agent-77' }] } }, 'bundle.squad.tasks.0.agent'],
      [{ ...doc, aiModels: doc.aiModels.map((m: object, i: number) => (i === 0 ? { ...m, apikey: 'sk-should-not-be-here' } : m)) }, 'bundle.aiModels.0.apikey'],
      [{ ...doc, tools: [...doc.tools, doc.tools[0]] }, 'bundle.tools.2.ref'],
      [{ ...doc, tools: doc.tools.map((t: object, i: number) => (i === 1 ? { ...t, entryFunctionName: 'nope' } : t)) }, 'bundle.tools.1.entryFunctionName'],
      [{ ...doc, knowledgeBases: doc.knowledgeBases.map((k: object, i: number) => (i === 0 ? { ...k, filename: null } : k)) }, 'bundle.knowledgeBases.0.filename'],
      [undefined, 'bundle'],
    ];
    for (const [bundle, path] of cases) {
      const res = await importInto(c, { bundle, dryRun: false, apikeys: { 'model-1': key() } });
      expectError(res, 400);
      expect(errorPaths(res), path).toContain(path);
    }
    const wrongKey = await importInto(c, { bundle: doc, dryRun: true, apikeys: { 'model-2': key(), 'model-8': key() } });
    expect(errorPaths(wrongKey)).toEqual(['apikeys.model-2', 'apikeys.model-8']);
    expect(wrongKey.text).not.toContain('sk-bundle');
    expect(await counts(c)).toEqual(before);
  });

  it('the 1 MiB body cap applies to imports', async () => {
    const doc = await exportOf(a, squadA);
    const big = { ...doc, knowledgeBases: doc.knowledgeBases.map((k: { type: string }) => (k.type === 'text' ? { ...k, content: 'x'.repeat(1_100_000) } : k)) };
    expectError(await importInto(b, { bundle: big }), 413);
  });
});
