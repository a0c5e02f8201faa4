// Sector-limited callers (D11, decision 076): a key limited to "support" sees only resources that
// share a sector with it, in lists, `?sector=`, pages, details, where-used, versions, histories and
// bundles; any other id answers the 404 of another company's id; it writes only resources whose
// sectors are all within its own (403 naming the sector), in D11's order (404, then 403, then 409).
// The unlimited key of the same company sees everything, before and after (the record cache).
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createKnowledgeBase, createModel, createSquad, createTool, agentBody, box } from './factories';
import { baseUrl, call, expectError, newCompany, type ApiResponse, type LooseJson, type TestCompany } from './helpers';

type Json = Record<string, LooseJson>;

let acme: TestCompany;
let other: TestCompany;
/** A token of an editor key of acme limited to "support". */
let limited: string;
const ids = {} as Record<
  'modelS' | 'modelF' | 'toolS' | 'toolF' | 'kbS' | 'kbF' | 'agentS' | 'agentF' | 'agentSF' | 'agentF2' | 'squadS' | 'squadF' | 'squadMixed' | 'otherAgent',
  string
>;

/** A key of `company` with `role` and `sectors`, inserted as the API-key work stores one, exchanged for an access token. */
async function limitedToken(company: TestCompany, role: string, sectors: string[]): Promise<string> {
  const [{ db }, { sha256, randomToken }] = await Promise.all([import('@/lib/server/db'), import('@/lib/server/crypto')]);
  const secret = `test_${randomToken()}`;
  await db().apiKey.create({ data: { companyId: company.id, name: `${role} ${sectors.join(',')}`, prefix: secret.slice(0, 10), hash: sha256(secret), role, sectors } });
  const res = await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${secret}` } });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return res.body.data.idToken;
}

const oneTask = (agent: string) => [{ id: 't1', agent, name: 'Do', objective: 'It', dependsOn: [], coordinates: box(0) }];

/** The ids of a list answer: bare array (agents), `data` (the others). */
const idsOf = (res: ApiResponse): string[] => (Array.isArray(res.body) ? res.body : res.body.data).map((r: Json) => r.id);

/** The next page of a list answer, as a path under /api, or null. */
function nextLink(res: ApiResponse): string | null {
  const link = res.headers.get('link');
  return link ? /^<\/api(\/[^>]+)>; rel="next"$/.exec(link)![1] : null;
}

beforeAll(async () => {
  [acme, other] = await Promise.all([newCompany(), newCompany()]);
  limited = await limitedToken(acme, 'editor', ['support']);
  ids.modelS = await createModel(acme, { sectors: ['support'] });
  ids.modelF = await createModel(acme, { sectors: ['finance'] });
  ids.toolS = await createTool(acme, { sectors: ['support'] });
  ids.toolF = await createTool(acme, { sectors: ['finance'] });
  ids.kbS = await createKnowledgeBase(acme, { sectors: ['support'] });
  ids.kbF = await createKnowledgeBase(acme, { sectors: ['finance'] });
  ids.agentS = await createAgent(acme, ids.modelS, { name: 'Support agent', sectors: ['support'], tools: [ids.toolS], knowledgeBases: [ids.kbS] });
  ids.agentF = await createAgent(acme, ids.modelF, { name: 'Secret finance agent', sectors: ['finance'], tools: [ids.toolF], knowledgeBases: [ids.kbF] });
  ids.agentSF = await createAgent(acme, ids.modelS, { name: 'Shared agent', sectors: ['support', 'finance'] });
  // A finance agent using a support model: where-used of the model leaves it out for the limited key.
  ids.agentF2 = await createAgent(acme, ids.modelS, { name: 'Finance user of a support model', sectors: ['finance'], tools: [ids.toolS] });
  ids.squadS = await createSquad(acme, { name: 'Support squad', tasks: oneTask(ids.agentS) });
  ids.squadF = await createSquad(acme, { name: 'Finance squad', sectors: ['finance'], tasks: oneTask(ids.agentF) });
  ids.squadMixed = await createSquad(acme, { name: 'Mixed squad', tasks: [...oneTask(ids.agentS), { id: 't2', agent: ids.agentF, name: 'Pay', objective: 'Pay', dependsOn: ['t1'], coordinates: box(300) }] });
  const otherModel = await createModel(other, { sectors: ['support'] });
  ids.otherAgent = await createAgent(other, otherModel, { sectors: ['support'] });
});

describe('reads of a sector-limited key', () => {
  it('lists only what shares a sector with it, in every kind', async () => {
    const lists: [string, string[], string[]][] = [
      ['/agents', [ids.agentS, ids.agentSF], [ids.agentF, ids.agentF2]],
      ['/squads', [ids.squadS, ids.squadMixed], [ids.squadF]],
      ['/tools', [ids.toolS], [ids.toolF]],
      ['/knowledge-bases', [ids.kbS], [ids.kbF]],
      ['/ai-models', [ids.modelS], [ids.modelF]],
    ];
    for (const [path, seen, hidden] of lists) {
      const mine = await call(path, { token: limited });
      expect(mine.status, mine.text).toBe(200);
      expect(idsOf(mine)).toEqual(expect.arrayContaining(seen));
      for (const id of hidden) expect(idsOf(mine), `${path} hides ${id}`).not.toContain(id);
      const all = await call(path, { token: acme.token });
      expect(idsOf(all)).toEqual(expect.arrayContaining([...seen, ...hidden]));
    }
  });

  it('?sector= narrows within its sectors: another sector shows only what also shares one of its own', async () => {
    const finance = await call('/agents?sector=finance', { token: limited });
    expect(idsOf(finance)).toEqual([ids.agentSF]);
    const all = await call('/agents?sector=finance', { token: acme.token });
    expect(idsOf(all)).toEqual([ids.agentF, ids.agentSF, ids.agentF2]);
    const tools = await call('/tools?sector=finance', { token: limited });
    expect(idsOf(tools)).toEqual([]);
  });

  it('pages hold only what it sees, in list order, without repeats', async () => {
    const seen: string[] = [];
    let path: string | null = '/agents?limit=1';
    while (path) {
      const res = await call(path, { token: limited });
      expect(res.status, res.text).toBe(200);
      expect(idsOf(res).length).toBeLessThanOrEqual(1);
      seen.push(...idsOf(res));
      path = nextLink(res);
    }
    expect(seen).toEqual([ids.agentS, ids.agentSF]);
  });

  it('a hidden id answers exactly as another company\'s id, before and after the unlimited key read it', async () => {
    const cases: [string, string, string][] = [
      ['/agents', ids.agentF, ids.otherAgent],
      ['/tools', ids.toolF, 'no-such-tool'],
      ['/knowledge-bases', ids.kbF, 'no-such-kb'],
      ['/ai-models', ids.modelF, 'no-such-model'],
      ['/squads', ids.squadF, 'no-such-squad'],
    ];
    for (const [path, hidden, foreign] of cases) {
      const refused = await call(`${path}/${hidden}`, { token: limited });
      const missing = await call(`${path}/${foreign}`, { token: limited });
      expectError(refused, 404);
      expect(refused.body).toEqual(missing.body);
      // The unlimited key reads it (and the record cache keeps it), the limited one still may not.
      expect((await call(`${path}/${hidden}`, { token: acme.token })).status).toBe(200);
      expectError(await call(`${path}/${hidden}`, { token: limited }), 404);
    }
    const visible = await call(`/agents/${ids.agentSF}`, { token: limited });
    expect(visible.status).toBe(200);
    expect(visible.body.data.Agent.id).toBe(ids.agentSF);
    expect((await call(`/agents/${ids.agentSF}`, { token: limited })).text).toBe(visible.text);
  });

  it('where-used leaves out the dependents it does not see; a hidden resource\'s usage is a 404', async () => {
    const all = await call(`/ai-models/${ids.modelS}/usage`, { token: acme.token });
    expect(all.body.data.items.map((i: Json) => i.id).sort()).toEqual([ids.agentS, ids.agentSF, ids.agentF2].sort());
    const mine = await call(`/ai-models/${ids.modelS}/usage`, { token: limited });
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.map((i: Json) => i.id).sort()).toEqual([ids.agentS, ids.agentSF].sort());
    expect(mine.body.data.total).toBe(2);
    const squads = await call(`/agents/${ids.agentS}/usage`, { token: limited });
    expect(squads.body.data.items.map((i: Json) => i.id).sort()).toEqual([ids.squadS, ids.squadMixed].sort());
    expectError(await call(`/tools/${ids.toolF}/usage`, { token: limited }), 404);
    expectError(await call(`/agents/${ids.agentF}/usage`, { token: limited }), 404);
  });

  it('versions, a version, a diff and a restore of a hidden resource are 404s', async () => {
    expect((await call(`/agents/${ids.agentS}/versions`, { token: limited })).status).toBe(200);
    for (const path of [`/agents/${ids.agentF}/versions`, `/agents/${ids.agentF}/versions/1`, `/agents/${ids.agentF}/versions/diff?from=1&to=1`, `/squads/${ids.squadF}/versions`]) {
      expectError(await call(path, { token: limited }), 404);
    }
    expectError(await call(`/tools/${ids.toolF}/versions/1/restore`, { method: 'POST', token: limited }), 404);
    expect((await call(`/agents/${ids.agentF}/versions`, { token: acme.token })).status).toBe(200);
  });

  it('company-wide histories leave out the records of resources it does not see', async () => {
    const agents = await call('/agents/history', { token: limited });
    expect(agents.status).toBe(200);
    const agentIds = new Set(agents.body.map((r: Json) => r.agentId));
    expect(agentIds.has(ids.agentS)).toBe(true);
    expect(agentIds.has(ids.agentF)).toBe(false);
    expect(agentIds.has(ids.agentF2)).toBe(false);
    const allAgents = await call('/agents/history', { token: acme.token });
    expect(new Set(allAgents.body.map((r: Json) => r.agentId)).has(ids.agentF)).toBe(true);

    const squads = await call('/squads/history', { token: limited });
    const squadIds = new Set(squads.body.data.map((r: Json) => r.squadId));
    expect(squadIds.has(ids.squadS)).toBe(true);
    expect(squadIds.has(ids.squadF)).toBe(false);

    const tools = await call('/tools/history?limit=1', { token: limited });
    expect(tools.status).toBe(200);
    expect(tools.body.data.items.map((r: Json) => r.resourceId)).toEqual([ids.toolS]);
    expect(tools.body.data.next).toBe('');

    const models = await call('/ai-models/history', { token: limited });
    const modelIds = new Set(models.body.data.items.map((r: Json) => r.modelId));
    expect(modelIds.has(ids.modelS)).toBe(true);
    expect(modelIds.has(ids.modelF)).toBe(false);
    expectError(await call(`/ai-models/${ids.modelF}/history`, { token: limited }), 404);
  });

  it('a bundle that would carry a hidden resource is a 403 naming its kind, never its name; a hidden squad\'s is a 404', async () => {
    const refused = await call(`/squads/${ids.squadMixed}/bundle`, { token: limited });
    expectError(refused, 403);
    expect(refused.body.message).toMatch(/\bagent\b/);
    expect(refused.text).not.toContain('Secret finance agent');
    expectError(await call(`/squads/${ids.squadF}/bundle`, { token: limited }), 404);
    const mine = await call(`/squads/${ids.squadS}/bundle`, { token: limited });
    expect(mine.status, mine.text).toBe(200);
    expect((await call(`/squads/${ids.squadMixed}/bundle`, { token: acme.token })).status).toBe(200);
  });
});

describe('writes of a sector-limited key', () => {
  it('creates only within its sectors: none (403), another (403 naming it), its own (201)', async () => {
    const none = await call('/agents', { method: 'POST', token: limited, body: agentBody(ids.modelS, { sectors: [] }) });
    expectError(none, 403);
    expect(none.body.message).toMatch(/sector/);
    const outside = await call('/agents', { method: 'POST', token: limited, body: agentBody(ids.modelS, { sectors: ['support', 'finance'] }) });
    expectError(outside, 403);
    expect(outside.body.message).toContain('"finance"');
    const tool = await call('/tools', { method: 'POST', token: limited, body: { tool: { name: 'No sector tool', description: 'd', sectors: [], publisher: 'qa', enabled: true, environments: [] } } });
    expectError(tool, 403);
    const kb = await call('/knowledge-bases', {
      method: 'POST',
      token: limited,
      body: { knowledgeBase: { name: 'Finance KB', description: 'd', enabled: true, sectors: ['finance'], content: 'x', type: 'text', multimodal: false, tags: [] } },
    });
    expectError(kb, 403);
    const squad = await call('/squads', { method: 'POST', token: limited, body: { squad: { name: 'No sectors', order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher: 'qa', tasks: oneTask(ids.agentS) } } });
    expectError(squad, 403);
    const model = await call('/ai-models', { method: 'POST', token: limited, body: { model: { name: 'Finance model', sectors: ['finance'], description: 'd', enabled: true, provider: 'meta', model: 'llama' } } });
    expectError(model, 403);
    const before = idsOf(await call('/agents', { token: acme.token }));
    const made = await call('/agents', { method: 'POST', token: limited, body: agentBody(ids.modelS, { sectors: ['support'] }) });
    expect(made.status, made.text).toBe(201);
    expect(idsOf(await call('/agents', { token: acme.token }))).toEqual([...before, made.body.data.id]);
  });

  it('a reference to a hidden resource is as missing as another company\'s (400)', async () => {
    const res = await call('/agents', { method: 'POST', token: limited, body: agentBody(ids.modelF, { sectors: ['support'] }) });
    expectError(res, 400);
    expect(res.body.errors.map((e: Json) => e.path)).toEqual(['model']);
  });

  it('creates sent together by callers of different sectors each get their own answer (PostgreSQL checks them in one batch)', async () => {
    const finance = await limitedToken(acme, 'editor', ['finance']);
    // Resources of this test's own, so that the usage counted by the tests below stays as it was.
    const [modelS, modelF, toolS, toolF] = await Promise.all([
      createModel(acme, { sectors: ['support'] }),
      createModel(acme, { sectors: ['finance'] }),
      createTool(acme, { sectors: ['support'] }),
      createTool(acme, { sectors: ['finance'] }),
    ]);
    for (let round = 0; round < 3; round++) {
      const body = (model: string, tools: string[], sectors: string[]) => agentBody(model, { name: `Together ${round}`, tools, sectors });
      const [hiddenModel, hiddenTool, own, theirs, whole] = await Promise.all([
        call('/agents', { method: 'POST', token: limited, body: body(modelF, [toolS], ['support']) }),
        call('/agents', { method: 'POST', token: limited, body: body(modelS, [toolS, toolF], ['support']) }),
        call('/agents', { method: 'POST', token: limited, body: body(modelS, [toolS], ['support']) }),
        call('/agents', { method: 'POST', token: finance, body: body(modelF, [toolF], ['finance']) }),
        call('/agents', { method: 'POST', token: acme.token, body: body(modelF, [toolS, toolF], ['finance']) }),
      ]);
      expectError(hiddenModel, 400);
      expect(hiddenModel.body.errors.map((e: Json) => e.path)).toEqual(['model']);
      expectError(hiddenTool, 400);
      expect(hiddenTool.body.errors.map((e: Json) => e.path)).toEqual(['tools.1']);
      for (const created of [own, theirs, whole]) expect(created.status).toBe(201);
    }
  });

  it('PUT: a hidden id is a 404 before a stale If-Match; moving out of its sectors is a 403 before a stale If-Match', async () => {
    const hidden = await call(`/agents/${ids.agentF}`, { method: 'PUT', token: limited, headers: { 'if-match': '"999"' }, body: agentBody(ids.modelF, { sectors: ['support'] }) });
    expectError(hidden, 404);
    const moved = await call(`/agents/${ids.agentS}`, { method: 'PUT', token: limited, headers: { 'if-match': '"999"' }, body: agentBody(ids.modelS, { sectors: ['finance'] }) });
    expectError(moved, 403);
    expect(moved.body.message).toContain('"finance"');
    // Visible, but also in a sector outside its own: not its to change.
    const shared = await call(`/agents/${ids.agentSF}`, { method: 'PUT', token: limited, body: agentBody(ids.modelS, { sectors: ['support'] }) });
    expectError(shared, 403);
    expect(shared.body.message).toContain('"finance"');
    const stale = await call(`/agents/${ids.agentS}`, { method: 'PUT', token: limited, headers: { 'if-match': '"999"' }, body: agentBody(ids.modelS, { sectors: ['support'] }) });
    expectError(stale, 409);
    const tool = await call(`/tools/${ids.toolF}`, { method: 'PUT', token: limited, body: { description: 'changed' } });
    expectError(tool, 404);
    const enable = await call(`/squads/${ids.squadF}/enable`, { method: 'PUT', token: limited, body: { enabled: false } });
    expectError(enable, 404);
    const moveTool = await call(`/tools/${ids.toolS}`, { method: 'PUT', token: limited, body: { sectors: ['finance'] } });
    expectError(moveTool, 403);
    const model = await call(`/ai-models/${ids.modelF}`, { method: 'PUT', token: limited, body: { model: { description: 'changed' } } });
    expectError(model, 404);
    // Nothing changed: the finance agent is as it was.
    const agentF = await call(`/agents/${ids.agentF}`, { token: acme.token });
    expect(agentF.body.data.Agent.sectors).toEqual(['finance']);
    expect(agentF.headers.get('etag')).toBe('"1"');
  });

  it('deletes: a hidden id is a 404, a shared one a 403, one in use a 409 counting what it does not see without naming it', async () => {
    expectError(await call(`/agents/${ids.agentF}`, { method: 'DELETE', token: limited }), 404);
    expectError(await call(`/agents/${ids.agentSF}`, { method: 'DELETE', token: limited }), 403);
    const inUse = await call(`/tools/${ids.toolS}`, { method: 'DELETE', token: limited });
    expectError(inUse, 409);
    expect(inUse.body.message).toContain('1 outside your sectors');
    expect(inUse.text).not.toContain('Finance user of a support model');
    const spare = await createAgent(acme, ids.modelS, { sectors: ['support'] });
    const gone = await call(`/agents/${spare}`, { method: 'DELETE', token: limited });
    expect(gone.status, gone.text).toBe(200);
  });

  it('imports a bundle only within its sectors, matching only what it sees', async () => {
    const exported = await call(`/squads/${ids.squadS}/bundle`, { token: acme.token });
    const bundle = exported.body.data;
    const before = idsOf(await call('/agents', { token: acme.token }));
    // An agent of the bundle in another sector, under a new name (so it is created, not matched): 403, nothing written.
    const outside = { ...bundle, agents: bundle.agents.map((a: Json) => ({ ...a, name: `${a.name} (finance copy)`, sectors: ['finance'] })) };
    const refused = await call('/bundles/import', { method: 'POST', token: limited, body: { bundle: outside, dryRun: false } });
    expectError(refused, 403);
    expect(refused.body.message).toContain('"finance"');
    expect(idsOf(await call('/agents', { token: acme.token }))).toEqual(before);
    // A tool named as the hidden finance tool is created afresh, never matched to it.
    const financeTool = (await call(`/tools/${ids.toolF}`, { token: acme.token })).body.data;
    const named = { ...bundle, tools: bundle.tools.map((t: Json) => ({ ...t, name: financeTool.name })) };
    const plan = await call('/bundles/import', { method: 'POST', token: limited, body: { bundle: named, dryRun: true } });
    expect(plan.status, plan.text).toBe(200);
    const toolItems = plan.body.data.items.filter((i: Json) => i.kind === 'tool');
    expect(toolItems.map((i: Json) => i.action)).toEqual(toolItems.map(() => 'create'));
    expect(plan.text).not.toContain(ids.toolF);
  });

  it('a deleted resource stays hidden by the sectors it had', async () => {
    const tool = await createTool(acme, { sectors: ['finance'] });
    expect((await call(`/tools/${tool}`, { method: 'DELETE', token: acme.token })).status).toBe(200);
    expect((await call(`/tools/${tool}/versions`, { token: acme.token })).status).toBe(200);
    expectError(await call(`/tools/${tool}/versions`, { token: limited }), 404);
    expectError(await call(`/tools/${tool}/versions/1/restore`, { method: 'POST', token: limited }), 404);
    const history = await call('/tools/history', { token: limited });
    expect(history.body.data.items.map((r: Json) => r.resourceId)).not.toContain(tool);
  });

  it('an unlimited key of the company is not limited by any of it', async () => {
    const res = await call('/tools', { method: 'POST', token: acme.token, body: { tool: { name: 'Company-wide tool', description: 'd', sectors: [], publisher: 'qa', enabled: true, environments: [] } } });
    expect(res.status, res.text).toBe(201);
    expectError(await call(`/tools/${res.body.data.id}`, { token: limited }), 404);
    expect((await call(`/tools/${res.body.data.id}`, { token: acme.token })).status).toBe(200);
  });
});

describe('knowledge-base files of a sector-limited key', () => {
  it('downloads a file of its own sector, and meets another sector\'s file as a 404', async () => {
    const upload = async (sectors: string[]): Promise<string> => {
      const created = await call('/knowledge-bases', {
        method: 'POST',
        token: acme.token,
        body: { knowledgeBase: { name: `File ${sectors[0]}`, description: 'a file', enabled: true, sectors, content: '', type: 'file', multimodal: false, tags: [] }, filename: 'notes.txt' },
      });
      expect(created.status, created.text).toBe(201);
      const form = new FormData();
      form.append('file', new Blob([`for ${sectors[0]}`]), 'notes.txt');
      const put = await fetch(`${baseUrl()}/api/knowledge-bases/${created.body.data.id}/file`, { method: 'PUT', headers: { authorization: acme.token }, body: form });
      expect(put.status, await put.clone().text()).toBe(200);
      return created.body.data.id;
    };
    const [supportFile, financeFile] = [await upload(['support']), await upload(['finance'])];
    const download = (id: string, token: string) => fetch(`${baseUrl()}/api/knowledge-bases/${id}/file`, { headers: { authorization: token } });
    const own = await download(supportFile, limited);
    expect(own.status).toBe(200);
    expect(await own.text()).toBe('for support');
    const hidden = await download(financeFile, limited);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ status: 'ERROR', data: null });
    const unlimited = await download(financeFile, acme.token);
    expect(unlimited.status).toBe(200);
    expect(await unlimited.text()).toBe('for finance');
  });
});
