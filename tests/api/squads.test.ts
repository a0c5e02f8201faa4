// Squads: spec endpoints 7–9 and D7's extensions, over HTTP against the real server.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createModel, box, squadFields, task } from './factories';
import { call, errorPaths, expectError, newCompany, type LooseJson, type TestCompany } from './helpers';

let acme: TestCompany;
let other: TestCompany;
let modelId: string;
let agents: string[];
let foreignAgent: string;

type Json = Record<string, LooseJson>;

function squadBody(overrides: Json = {}): Json {
  return squadFields({ name: 'Support squad', tasks: [task('triage', agents[0]), task('answer', agents[1], ['triage'], box(300, 0))], ...overrides });
}

async function createSquad(company: TestCompany, squad: Json = squadBody()): Promise<string> {
  const res = await call('/squads', { method: 'POST', token: company.token, body: { squad } });
  if (res.status !== 201) throw new Error(`squad creation failed: ${res.status} ${res.text}`);
  return res.body.data.id;
}

const getSquad = (company: TestCompany, id: string) => call(`/squads/${id}`, { token: company.token });

async function historyOf(company: TestCompany, squadId: string): Promise<Json[]> {
  const res = await call(`/squads/history?squadId=${encodeURIComponent(squadId)}`, { token: company.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

const put = (company: TestCompany, id: string, squad: unknown, headers?: Record<string, string>) =>
  call(`/squads/${id}`, { method: 'PUT', token: company.token, body: { squad }, headers });

beforeAll(async () => {
  [acme, other] = await Promise.all([newCompany(), newCompany()]);
  const [model, foreignModel] = await Promise.all([createModel(acme), createModel(other)]);
  modelId = model;
  [agents, foreignAgent] = await Promise.all([
    Promise.all([createAgent(acme, modelId), createAgent(acme, modelId), createAgent(acme, modelId)]),
    createAgent(other, foreignModel),
  ]);
});

describe('POST /squads', () => {
  it('answers 201 data { id } and GET /squads/{id} answers the stored squad with its version as ETag', async () => {
    const res = await call('/squads', {
      method: 'POST',
      token: acme.token,
      body: {
        squad: {
          name: '  Research squad  ',
          tasks: [
            { id: ' collect ', agent: { id: agents[0] }, name: 'Collect', objective: 'Collect sources', coordinates: { x: '10', y: -5.5, width: '200', height: 80 } },
            task('write', agents[1], ['collect'], box(300, 0)),
          ],
          order: 'hierarchical',
          enabled: 'false',
          do_plan: 'true',
          sectors: ['research', 'support'],
          publisher: 'qa',
          planningAgent: { id: agents[2], coordinates: box(-300, 0, 240, 80) },
          supervisor: agents[0],
          id: 'ignored',
          companyId: 'ignored',
        },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'OK', data: { id: expect.any(String) } });
    const id = res.body.data.id;
    expect(id).not.toBe('ignored');

    const detail = await getSquad(acme, id);
    expect(detail.status).toBe(200);
    expect(detail.headers.get('etag')).toBe('"1"');
    expect(detail.body).toEqual({
      status: 'OK',
      data: {
        id,
        name: 'Research squad',
        tasks: [
          { id: 'collect', agent: agents[0], name: 'Collect', objective: 'Collect sources', dependsOn: [], coordinates: { x: 10, y: -5.5, width: 200, height: 80 } },
          { id: 'write', agent: agents[1], name: 'Task write', objective: 'Do write', dependsOn: ['collect'], coordinates: box(300, 0) },
        ],
        order: 'hierarchical',
        enabled: false,
        do_plan: true,
        sectors: ['research', 'support'],
        publisher: 'qa',
        planningAgent: { id: agents[2], coordinates: box(-300, 0, 240, 80) },
        supervisor: { id: agents[0] },
        version: 1,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect(new Date(detail.body.data.createdAt).toISOString()).toBe(detail.body.data.createdAt);
  });

  it('accepts a squad with no tasks yet and no planner or supervisor', async () => {
    const id = await createSquad(acme, squadBody({ tasks: [], planningAgent: null }));
    const { data } = (await getSquad(acme, id)).body;
    expect(data).toMatchObject({ tasks: [], planningAgent: null, supervisor: null, version: 1 });
  });

  it('stores and answers a squad of 2,000 tasks in one dependency chain, in order', async () => {
    const tasks = Array.from({ length: 2000 }, (_, i) => task(`t${i}`, agents[i % 3], i ? [`t${i - 1}`] : [], box(i * 10, 0)));
    const id = await createSquad(acme, squadBody({ tasks }));
    expect((await getSquad(acme, id)).body.data.tasks).toEqual(tasks);
  });

  const base = () => squadBody();
  const withTask = (index: number, change: Json) => (s: Json) => ({ ...s, tasks: s.tasks.map((t: Json, i: number) => (i === index ? { ...t, ...change } : t)) });
  const cases: [string, (s: Json) => unknown, string[]][] = [
    ['order outside sequential/hierarchical', (s) => ({ ...s, order: 'parallel' }), ['squad.order']],
    ['enabled not a boolean', (s) => ({ ...s, enabled: 'yes' }), ['squad.enabled']],
    ['do_plan a number', (s) => ({ ...s, do_plan: 1 }), ['squad.do_plan']],
    ['empty name', (s) => ({ ...s, name: '   ' }), ['squad.name']],
    ['sectors not an array', (s) => ({ ...s, sectors: 'support' }), ['squad.sectors']],
    ['tasks not an array', (s) => ({ ...s, tasks: { id: 'a' } }), ['squad.tasks']],
    ['task without id', withTask(0, { id: undefined }), ['squad.tasks.0.id']],
    ['task with empty agent', withTask(1, { agent: '' }), ['squad.tasks.1.agent']],
    ['task with empty name', withTask(0, { name: ' ' }), ['squad.tasks.0.name']],
    ['task without objective', withTask(0, { objective: undefined }), ['squad.tasks.0.objective']],
    ['dependsOn not an array', withTask(1, { dependsOn: 'triage' }), ['squad.tasks.1.dependsOn']],
    ['task without coordinates', withTask(0, { coordinates: undefined }), ['squad.tasks.0.coordinates']],
    ['coordinate not a number', withTask(0, { coordinates: { ...box(), x: 'left' } }), ['squad.tasks.0.coordinates.x']],
    ['zero width', withTask(0, { coordinates: box(0, 0, 0, 10) }), ['squad.tasks.0.coordinates.width']],
    ['negative height', withTask(1, { coordinates: box(0, 0, 10, -1) }), ['squad.tasks.1.coordinates.height']],
    ['duplicate task id', (s) => ({ ...s, tasks: [...s.tasks, task('triage', agents[2])] }), ['squad.tasks.2.id']],
    ['self dependency', withTask(1, { dependsOn: ['answer'] }), ['squad.tasks.1.dependsOn.0']],
    ['unknown dependency', withTask(1, { dependsOn: ['nowhere'] }), ['squad.tasks.1.dependsOn.0']],
    ['dependency listed twice', withTask(1, { dependsOn: ['triage', 'triage'] }), ['squad.tasks.1.dependsOn.1']],
    ['planningAgent with empty id', (s) => ({ ...s, planningAgent: { id: '' } }), ['squad.planningAgent.id']],
    ['planningAgent not an object', (s) => ({ ...s, planningAgent: 42 }), ['squad.planningAgent']],
    ['supervisor coordinates with zero height', (s) => ({ ...s, supervisor: { id: agents[0], coordinates: box(0, 0, 10, 0) } }), ['squad.supervisor.coordinates.height']],
    ['more than 2,000 tasks', (s) => ({ ...s, tasks: Array.from({ length: 2001 }, (_, i) => task(`t${i}`, agents[0])) }), ['squad.tasks']],
  ];

  it.each(cases)('refuses %s with 400 naming exactly the field', async (_, mutate, paths) => {
    const res = await call('/squads', { method: 'POST', token: acme.token, body: { squad: mutate(base()) } });
    expectError(res, 400);
    expect(errorPaths(res)).toEqual(paths);
  });

  it('requires the squad wrapper and every required member', async () => {
    const missing = await call('/squads', { method: 'POST', token: acme.token, body: squadBody() });
    expectError(missing, 400);
    expect(errorPaths(missing)).toEqual(['squad']);
    const empty = await call('/squads', { method: 'POST', token: acme.token, body: { squad: {} } });
    expect(errorPaths(empty).sort()).toEqual(['squad.do_plan', 'squad.enabled', 'squad.name', 'squad.order', 'squad.publisher', 'squad.sectors', 'squad.tasks']);
  });

  it('refuses a dependency cycle with 400 naming the tasks in it', async () => {
    const tasks = [task('a', agents[0], ['c']), task('b', agents[0], ['a']), task('c', agents[0], ['b']), task('d', agents[0], ['a'])];
    const res = await call('/squads', { method: 'POST', token: acme.token, body: { squad: squadBody({ tasks }) } });
    const error = expectError(res, 400);
    expect(error.errors).toEqual([{ path: 'squad.tasks.0.dependsOn', message: expect.any(String) }]);
    expect(error.errors![0].message).toContain('"a" → "c" → "b" → "a"');
    expect(error.errors![0].message).not.toContain('"d"');
  });

  it("refuses unknown agents and another company's agents, naming each reference", async () => {
    const squad = squadBody({
      tasks: [task('one', agents[0]), task('two', foreignAgent), task('three', 'no-such-agent')],
      planningAgent: { id: 'no-such-agent' },
      supervisor: { id: foreignAgent },
    });
    const res = await call('/squads', { method: 'POST', token: acme.token, body: { squad } });
    expectError(res, 400);
    expect(errorPaths(res).sort()).toEqual(['squad.planningAgent.id', 'squad.supervisor.id', 'squad.tasks.1.agent', 'squad.tasks.2.agent']);
  });

  it('refuses a body that is not JSON, not declared JSON, or too large, and creates nothing', async () => {
    const company = await newCompany();
    expectError(await call('/squads', { method: 'POST', token: company.token, raw: '{"squad": {' }), 400);
    expectError(await call('/squads', { method: 'POST', token: company.token, raw: JSON.stringify({ squad: squadBody() }), headers: { 'content-type': 'text/plain' } }), 415);
    expectError(await call('/squads', { method: 'POST', token: company.token, body: { squad: squadBody({ name: 'x'.repeat(1.1 * 1024 * 1024) }) } }), 413);
    expect((await call('/squads', { token: company.token })).body).toEqual({ status: 'OK', data: [] });
    expect((await call('/squads/history', { token: company.token })).body).toEqual({ status: 'OK', data: [] });
  });
});

describe('reads', () => {
  it('GET /squads answers the company\'s squads in the envelope, with ?sector=', async () => {
    const company = await newCompany();
    const agent = await createAgent(company, await createModel(company));
    const one = (sectors: string[]) => createSquad(company, squadBody({ sectors, tasks: [task('only', agent)] }));
    const [sales, support] = await Promise.all([one(['sales']), one(['support', 'ops'])]);
    await createSquad(other, squadBody({ tasks: [task('x', foreignAgent)] }));

    const all = await call('/squads', { token: company.token });
    expect(all.status).toBe(200);
    expect(all.body.status).toBe('OK');
    expect(all.body.data.map((s: Json) => s.id).sort()).toEqual([sales, support].sort());
    expect(all.body.data.find((s: Json) => s.id === sales)).toEqual((await getSquad(company, sales)).body.data);

    const filtered = await call('/squads?sector=ops', { token: company.token });
    expect(filtered.body).toEqual({ status: 'OK', data: [expect.objectContaining({ id: support })] });
    expect((await call('/squads?sector=nobody', { token: company.token })).body).toEqual({ status: 'OK', data: [] });
  });

  it('an unknown id is a 404', async () => {
    expectError(await getSquad(acme, 'no-such-squad'), 404);
    expectError(await put(acme, 'no-such-squad', squadBody()), 404);
    expectError(await call('/squads/no-such-squad/enable', { method: 'PUT', token: acme.token, body: { enabled: true } }), 404);
    expectError(await call('/squads/no-such-squad', { method: 'DELETE', token: acme.token }), 404);
  });

  it("another company's squad is a 404 on every verb and is left untouched", async () => {
    const id = await createSquad(other, squadBody({ tasks: [task('x', foreignAgent)] }));
    const before = (await getSquad(other, id)).body.data;
    expectError(await getSquad(acme, id), 404);
    expectError(await put(acme, id, squadBody()), 404);
    expectError(await put(acme, id, squadBody(), { 'if-match': '"1"' }), 404);
    expectError(await call(`/squads/${id}/enable`, { method: 'PUT', token: acme.token, body: { enabled: false } }), 404);
    expectError(await call(`/squads/${id}`, { method: 'DELETE', token: acme.token }), 404);
    // A refused body is a 400 before existence is looked at, and records nothing on the other company's squad.
    expectError(await put(acme, id, { name: '' }), 400);
    expect((await getSquad(other, id)).body.data).toEqual(before);
    expect((await historyOf(other, id)).map((h) => h.action)).toEqual(['created squad']);
    expect(await historyOf(acme, id)).toEqual([]);
  });
});

describe('PUT /squads/{id}', () => {
  it('replaces the whole squad, raises the version and answers the record with its ETag', async () => {
    const id = await createSquad(acme, squadBody({ planningAgent: { id: agents[2] } }));
    const tasks = [task('answer', agents[2], [], box(5, 5)), task('review', agents[0], ['answer'], box(400, 5)), task('close', agents[1], ['review', 'answer'])];
    const res = await put(acme, id, squadBody({ name: 'Renamed', tasks, order: 'hierarchical', do_plan: true, supervisor: { id: agents[1], coordinates: box(1, 2, 3, 4) } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"2"');
    expect(res.body).toEqual({
      status: 'OK',
      data: {
        id,
        name: 'Renamed',
        tasks,
        order: 'hierarchical',
        enabled: true,
        do_plan: true,
        sectors: ['support'],
        publisher: 'qa',
        planningAgent: null,
        supervisor: { id: agents[1], coordinates: box(1, 2, 3, 4) },
        version: 2,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect((await getSquad(acme, id)).body.data).toEqual(res.body.data);
    expect((await historyOf(acme, id)).map((h) => [h.action, h.type])).toEqual([
      ['updated squad', 'success'],
      ['created squad', 'success'],
    ]);
  });

  it('honours If-Match: a stale version is a 409 that changes nothing; the current one (quoted or not) proceeds', async () => {
    const id = await createSquad(acme);
    expect((await put(acme, id, squadBody({ name: 'v2' }))).status).toBe(200);
    const before = (await getSquad(acme, id)).body.data;

    const stale = await put(acme, id, squadBody({ name: 'stale write', tasks: [] }), { 'if-match': '"1"' });
    expectError(stale, 409);
    expect((await getSquad(acme, id)).body.data).toEqual(before);

    const current = await put(acme, id, squadBody({ name: 'v3' }), { 'if-match': '"2"' });
    expect(current.status).toBe(200);
    expect(current.body.data).toMatchObject({ name: 'v3', version: 3 });
    const unquoted = await put(acme, id, squadBody({ name: 'v4' }), { 'if-match': '3' });
    expect(unquoted.body.data).toMatchObject({ name: 'v4', version: 4 });
    expect(unquoted.headers.get('etag')).toBe('"4"');

    expect((await historyOf(acme, id)).map((h) => h.action)).toEqual(['updated squad', 'updated squad', 'updated squad', 'created squad']);
  });

  it('a refused change to an existing squad is a 400 that changes nothing and writes one fail record', async () => {
    const id = await createSquad(acme);
    const before = (await getSquad(acme, id)).body.data;

    const invalid = await put(acme, id, squadBody({ tasks: [task('a', agents[0], ['b']), task('b', agents[0], ['a'])] }));
    expectError(invalid, 400);
    expect(errorPaths(invalid)).toEqual(['squad.tasks.0.dependsOn']);
    const unknownAgent = await put(acme, id, squadBody({ supervisor: { id: 'ghost' } }));
    expectError(unknownAgent, 400);
    expect(errorPaths(unknownAgent)).toEqual(['squad.supervisor.id']);
    expectError(await call(`/squads/${id}`, { method: 'PUT', token: acme.token, raw: '{"squad":' }), 400);
    expectError(await put(acme, id, squadBody(), { 'if-match': 'yesterday' }), 400);

    expect((await getSquad(acme, id)).body.data).toEqual(before);
    const history = await historyOf(acme, id);
    expect(history.map((h) => h.type)).toEqual(['fail', 'fail', 'fail', 'fail', 'success']);
    expect(history[3].action).toMatch(/^update refused: squad\.tasks\.0\.dependsOn: .*"a"/);
    expect(history[2].action).toBe('update refused: squad.supervisor.id: no agent with id "ghost"');
    expect(history[1].action).toMatch(/^update refused: .*JSON/);
    expect(history[0].action).toMatch(/^update refused: If-Match/);
  });

  it('refuses a body that is not declared JSON or too large', async () => {
    const id = await createSquad(acme);
    expectError(await call(`/squads/${id}`, { method: 'PUT', token: acme.token, raw: JSON.stringify({ squad: squadBody() }), headers: { 'content-type': 'text/plain' } }), 415);
    expectError(await put(acme, id, squadBody({ publisher: 'x'.repeat(1.1 * 1024 * 1024) })), 413);
    expect((await getSquad(acme, id)).body.data.version).toBe(1);
  });

  it('two parallel writes holding the same If-Match: exactly one wins, the other is a 409', async () => {
    const id = await createSquad(acme);
    const results = await Promise.all([
      put(acme, id, squadBody({ name: 'writer A' }), { 'if-match': '"1"' }),
      put(acme, id, squadBody({ name: 'writer B' }), { 'if-match': '"1"' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect((await getSquad(acme, id)).body.data).toMatchObject({ name: winner.body.data.name, version: 2 });
    expect((await historyOf(acme, id)).map((h) => h.action)).toEqual(['updated squad', 'created squad']);
  });
});

describe('PUT /squads/{id}/enable', () => {
  it('answers data { id, enabled }, raises the version and records neutral history', async () => {
    const id = await createSquad(acme);
    const off = await call(`/squads/${id}/enable`, { method: 'PUT', token: acme.token, body: { enabled: 'false' } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ status: 'OK', data: { id, enabled: false } });
    expect((await getSquad(acme, id)).body.data).toMatchObject({ enabled: false, version: 2 });
    const again = await call(`/squads/${id}/enable`, { method: 'PUT', token: acme.token, body: { enabled: false } });
    expect(again.body).toEqual({ status: 'OK', data: { id, enabled: false } });
    const on = await call(`/squads/${id}/enable`, { method: 'PUT', token: acme.token, body: { enabled: true } });
    expect(on.body).toEqual({ status: 'OK', data: { id, enabled: true } });
    const refused = await call(`/squads/${id}/enable`, { method: 'PUT', token: acme.token, body: { enabled: 'maybe' } });
    expectError(refused, 400);
    expect(errorPaths(refused)).toEqual(['enabled']);
    expect((await getSquad(acme, id)).body.data).toMatchObject({ enabled: true, version: 4 });
    expect((await historyOf(acme, id)).map((h) => [h.action, h.type])).toEqual([
      ['enable refused: enabled: must be a boolean (true or false)', 'fail'],
      ['enabled squad', 'neutral'],
      ['disabled squad', 'neutral'],
      ['disabled squad', 'neutral'],
      ['created squad', 'success'],
    ]);
  });

  it('20 parallel toggles are all acknowledged, each with exactly one history record', async () => {
    const company = await newCompany();
    const agent = await createAgent(company, await createModel(company));
    const id = await createSquad(company, squadBody({ tasks: [task('only', agent)] }));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call(`/squads/${id}/enable`, { method: 'PUT', token: company.token, body: { enabled: i % 2 === 0 } })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const history = await historyOf(company, id);
    expect(history.filter((h) => h.type === 'neutral')).toHaveLength(20);
    expect(history).toHaveLength(21);
    expect((await getSquad(company, id)).body.data.version).toBe(21);
  });
});

describe('GET /squads/history', () => {
  it('answers every record of the company in the envelope, newest first, with ?squadId=', async () => {
    const company = await newCompany();
    const agent = await createAgent(company, await createModel(company));
    const first = await createSquad(company, squadBody({ tasks: [task('only', agent)] }));
    const second = await createSquad(company, squadBody({ tasks: [] }));
    await call(`/squads/${first}/enable`, { method: 'PUT', token: company.token, body: { enabled: false } });

    const res = await call('/squads/history', { token: company.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('OK');
    expect(res.body.data.map((h: Json) => [h.squadId, h.action])).toEqual([
      [first, 'disabled squad'],
      [second, 'created squad'],
      [first, 'created squad'],
    ]);
    for (const h of res.body.data) {
      expect(h).toEqual({ id: expect.any(String), squadId: expect.any(String), responsible: 'default', responsibleId: company.apiKeyId, action: expect.any(String), type: expect.any(String), date: expect.any(String) });
      expect(new Date(h.date).toISOString()).toBe(h.date);
    }
    expect((await historyOf(company, second)).map((h) => h.action)).toEqual(['created squad']);
  });
});

describe('DELETE /squads/{id}', () => {
  it('answers data { id }; the squad is gone and its history outlives it', async () => {
    const id = await createSquad(acme);
    const res = await call(`/squads/${id}`, { method: 'DELETE', token: acme.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK', data: { id } });
    expectError(await getSquad(acme, id), 404);
    expectError(await call(`/squads/${id}`, { method: 'DELETE', token: acme.token }), 404);
    expect((await historyOf(acme, id)).map((h) => [h.action, h.type])).toEqual([
      ['deleted squad', 'success'],
      ['created squad', 'success'],
    ]);
  });

  it('an agent used by a squad (task, planner or supervisor) cannot be deleted until the squad is', async () => {
    const company = await newCompany();
    const model = await createModel(company);
    const [worker, planner, supervisor] = await Promise.all([createAgent(company, model), createAgent(company, model), createAgent(company, model)]);
    const id = await createSquad(company, squadBody({ tasks: [task('only', worker)], planningAgent: { id: planner }, supervisor: { id: supervisor } }));
    for (const agent of [worker, planner, supervisor]) {
      expectError(await call(`/agents/${agent}`, { method: 'DELETE', token: company.token }), 409);
    }
    expect((await call(`/squads/${id}`, { method: 'DELETE', token: company.token })).status).toBe(200);
    for (const agent of [worker, planner, supervisor]) {
      expect((await call(`/agents/${agent}`, { method: 'DELETE', token: company.token })).status).toBe(200);
    }
  });
});

describe('credentials', () => {
  it('every squad endpoint answers 401 without a credential', async () => {
    const id = await createSquad(acme);
    const routes: [string, string][] = [
      ['GET', '/squads'],
      ['POST', '/squads'],
      ['GET', '/squads/history'],
      ['GET', `/squads/${id}`],
      ['PUT', `/squads/${id}`],
      ['DELETE', `/squads/${id}`],
      ['PUT', `/squads/${id}/enable`],
    ];
    const results = await Promise.all(routes.map(([method, path]) => call(path, { method, body: method === 'GET' || method === 'DELETE' ? undefined : { squad: squadBody() } })));
    for (const res of results) expectError(res, 401);
    expect((await getSquad(acme, id)).body.data.version).toBe(1);
  });
});
