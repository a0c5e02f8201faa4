// Names of Object.prototype members as every key and name a caller chooses (issue 20, part 4;
// decision 022): bundle refs, the keys of `apikeys`, squad task ids and `dependsOn`, sectors and
// tags, query and header names, JSON body keys, path ids. Each answer is a proper 2xx or 4xx
// envelope and the same as the one for an ordinary name: a key never reaches a plain object's
// prototype on the server.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentBody, createAgent, createKnowledgeBase, createModel, createTool } from './factories';
import { call, errorPaths, expectError, newCompany, registerSecret, type ApiResponse, type TestCompany } from './helpers';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;
/** The name every answer is compared with. */
const ORDINARY = 'ordinaryName';

const box = { x: 0, y: 0, width: 220, height: 90 };
const key = () => registerSecret(`sk-keys-${randomUUID()}`);
/** `{ [name]: value }` as an own property, `__proto__` included (a literal `__proto__:` would set the prototype). */
const keyed = (name: string, value: unknown): Record<string, unknown> => Object.fromEntries([[name, value]]);

/** A bundle whose every ref, task id, sector and tag is `name`. */
function bundleNamed(name: string, provider: 'openai' | 'mistral') {
  const suffix = randomUUID().slice(0, 8);
  return {
    format: 'aoc-bundle',
    version: 1,
    squad: {
      name: `Squad ${suffix}`,
      order: 'sequential',
      enabled: true,
      do_plan: false,
      sectors: [name],
      publisher: name,
      planningAgent: { id: name },
      supervisor: null,
      tasks: [
        { id: name, agent: name, name, objective: name, dependsOn: [], coordinates: box },
        { id: 'after', agent: name, name: 'After', objective: 'Then', dependsOn: [name], coordinates: { ...box, x: 300 } },
      ],
    },
    agents: [{ ...agentBody('unused', { name: `Agent ${suffix}`, sectors: [name] }), ref: name, model: name, tools: [name], knowledgeBases: [name] }],
    tools: [{ ref: name, name: `Tool ${suffix}`, description: name, sectors: [name], publisher: name, enabled: true, environments: [name] }],
    knowledgeBases: [
      { ref: name, name: `KB ${suffix}`, description: name, enabled: true, sectors: [name], type: 'text', content: name, multimodal: false, tags: [name] },
    ],
    aiModels: [{ ref: name, name: `Model ${suffix}`, sectors: [name], description: name, enabled: true, provider, model: name }],
  };
}

const importInto = (company: TestCompany, body: Record<string, unknown>) => call('/bundles/import', { method: 'POST', token: company.token, body });

/** A 2xx or 4xx answer in the spec's envelope: never a 500. */
function expectProper(res: ApiResponse, what: string): void {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) expectError(res, res.status);
}

/** The same answer for `name` as for ORDINARY: status and the paths of the errors, with the name put back. */
async function expectSameAsOrdinary(what: string, send: (name: string) => Promise<ApiResponse>): Promise<void> {
  const control = await send(ORDINARY);
  expectProper(control, `${what} (${ORDINARY})`);
  for (const name of NAMES) {
    const res = await send(name);
    expectProper(res, `${what} (${name})`);
    expect(res.status, `${what} (${name}): ${res.text.slice(0, 300)}`).toBe(control.status);
    // Distinct paths: a longer or shorter name may break one more or one fewer length rule of the same field.
    const paths = (r: ApiResponse, as: string) => [...new Set(errorPaths(r).map((p) => p.split(as).join('<name>')))];
    expect(paths(res, name), `${what} (${name})`).toEqual(paths(control, ORDINARY));
  }
}

describe('Object.prototype names as bundle refs and apikeys keys', () => {
  for (const name of [...NAMES, ORDINARY]) {
    describe(`"${name}"`, () => {
      let company: TestCompany;
      beforeAll(async () => {
        company = await newCompany();
      });

      it('a model needing a key, none sent: the preview says it is missing, the import is a 400 naming apikeys.<ref>', async () => {
        const bundle = bundleNamed(name, 'openai');
        const preview = await importInto(company, { bundle, dryRun: true });
        expectProper(preview, 'preview');
        expect(preview.status).toBe(200);
        expect(preview.body.data.keysNeeded).toEqual([{ ref: name, name: bundle.aiModels[0].name, provider: 'openai', given: false }]);
        const refused = await importInto(company, { bundle, dryRun: false });
        expectError(refused, 400);
        expect(errorPaths(refused)).toEqual([`apikeys.${name}`]);
        const squads = await call('/squads', { token: company.token });
        expect(squads.body.data).toEqual([]);
      });

      it('a model needing a key, sent in apikeys: previewed as given, imported with every ref resolved', async () => {
        const bundle = bundleNamed(name, 'openai');
        const apikeys = keyed(name, key());
        const preview = await importInto(company, { bundle, dryRun: true, apikeys });
        expect(preview.status, preview.text).toBe(200);
        expect(preview.body.data.keysNeeded).toEqual([{ ref: name, name: bundle.aiModels[0].name, provider: 'openai', given: true }]);
        const applied = await importInto(company, { bundle, dryRun: false, apikeys });
        expect(applied.status, applied.text).toBe(201);
        const squad = (await call(`/squads/${applied.body.data.squad.id}`, { token: company.token })).body.data;
        expect(squad.tasks.map((t: { id: string; dependsOn: string[] }) => [t.id, t.dependsOn])).toEqual([
          [name, []],
          ['after', [name]],
        ]);
        expect(squad.sectors).toEqual([name]);
        const modelId = applied.body.data.items.find((i: { kind: string }) => i.kind === 'aiModel').id;
        const model = (await call(`/ai-models/${modelId}`, { token: company.token })).body.data;
        expect(model.apikey).toMatch(/\*/);
      });

      it('a model that takes no key, none sent: imported', async () => {
        const bundle = bundleNamed(name, 'mistral');
        const preview = await importInto(company, { bundle });
        expect(preview.status, preview.text).toBe(200);
        expect(preview.body.data.keysNeeded).toEqual([]);
        const applied = await importInto(company, { bundle, dryRun: false });
        expect(applied.status, applied.text).toBe(201);
      });

      it('a key for a ref the bundle does not have: a 400 naming apikeys.<name>', async () => {
        const bundle = bundleNamed('model-1', 'mistral');
        for (const dryRun of [true, false]) {
          const res = await importInto(company, { bundle, dryRun, apikeys: keyed(name, key()) });
          expectError(res, 400);
          expect(errorPaths(res)).toEqual([`apikeys.${name}`]);
        }
      });

      it('a ref used twice is a 400 naming it, like any ref', async () => {
        const bundle = bundleNamed(name, 'mistral');
        const twice = { ...bundle, tools: [...bundle.tools, { ...bundle.tools[0], name: 'Another tool' }] };
        const res = await importInto(company, { bundle: twice });
        expectError(res, 400);
        expect(errorPaths(res)).toEqual(['bundle.tools.1.ref']);
      });
    });
  }
});

describe('Object.prototype names as every other key and name the API takes', () => {
  let company: TestCompany;
  let model: string;
  let agent: string;
  let squad: string;
  beforeAll(async () => {
    company = await newCompany();
    model = await createModel(company, { sectors: [...NAMES, ORDINARY] });
    agent = await createAgent(company, model, { sectors: [...NAMES, ORDINARY] });
    await createTool(company, { sectors: [...NAMES, ORDINARY], environments: [...NAMES] });
    await createKnowledgeBase(company, { sectors: [...NAMES, ORDINARY], tags: [...NAMES] });
    const res = await call('/squads', {
      method: 'POST',
      token: company.token,
      body: {
        squad: {
          name: 'Keys squad',
          order: 'sequential',
          enabled: true,
          do_plan: false,
          sectors: [...NAMES],
          publisher: 'qa',
          tasks: [...NAMES, ORDINARY].map((id, i, all) => ({ id, agent, name: id, objective: id, dependsOn: all.slice(0, i), coordinates: box })),
        },
      },
    });
    expect(res.status, res.text).toBe(201);
    squad = res.body.data.id;
  });

  const squadBody = (tasks: unknown[]) => ({ squad: { name: `S ${randomUUID()}`, order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher: 'qa', tasks } });
  const task = (id: string, dependsOn: string[] = []) => ({ id, agent, name: id, objective: id, dependsOn, coordinates: box });

  it('squad task ids and dependsOn: stored and read back as sent', async () => {
    const res = await call(`/squads/${squad}`, { token: company.token });
    expect(res.body.data.tasks.map((t: { id: string }) => t.id)).toEqual([...NAMES, ORDINARY]);
    expect(res.body.data.tasks.at(-1).dependsOn).toEqual([...NAMES]);
    await expectSameAsOrdinary('POST /squads, a task depending on another', (name) =>
      call('/squads', { method: 'POST', token: company.token, body: squadBody([task(name), task('b', [name])]) }),
    );
    await expectSameAsOrdinary('POST /squads, dependsOn naming no task', (name) =>
      call('/squads', { method: 'POST', token: company.token, body: squadBody([task('a', [name])]) }),
    );
    await expectSameAsOrdinary('POST /squads, a task id used twice', (name) =>
      call('/squads', { method: 'POST', token: company.token, body: squadBody([task(name), task(name)]) }),
    );
    await expectSameAsOrdinary('POST /squads, a cycle', (name) =>
      call('/squads', { method: 'POST', token: company.token, body: squadBody([task(name, ['b']), task('b', [name])]) }),
    );
  });

  it('sectors and tags: a list filtered by a sector named like a prototype member answers what carries it', async () => {
    for (const name of NAMES) {
      for (const kind of ['agents', 'squads', 'tools', 'knowledge-bases']) {
        const res = await call(`/${kind}?sector=${encodeURIComponent(name)}`, { token: company.token });
        expectProper(res, `${kind}?sector=${name}`);
        expect(res.status).toBe(200);
        const rows = Array.isArray(res.body) ? res.body : res.body.data;
        expect(rows.length, `${kind}?sector=${name}`).toBe(1);
      }
      const models = await call(`/ai-models?sector=${encodeURIComponent(name)}`, { token: company.token });
      expectProper(models, `ai-models?sector=${name}`);
    }
  });

  it('query names and values: ignored or refused as any other', async () => {
    const paths = ['/agents', '/squads', '/tools', '/knowledge-bases', '/ai-models', '/ai-models/history', '/squads/history', '/agents/history', `/agents/${agent}/versions`, `/squads/${squad}/versions`];
    for (const path of paths) {
      await expectSameAsOrdinary(`GET ${path}?<name>=1`, (name) => call(`${path}?${encodeURIComponent(name)}=1`, { token: company.token }));
    }
    await expectSameAsOrdinary('GET /ai-models/history?field=<name>', (name) => call(`/ai-models/history?field=${encodeURIComponent(name)}`, { token: company.token }));
    await expectSameAsOrdinary('GET /ai-models/history?direction=<name>', (name) => call(`/ai-models/history?direction=${encodeURIComponent(name)}`, { token: company.token }));
    await expectSameAsOrdinary('GET /ai-models/history?last=<name>', (name) => call(`/ai-models/history?last=${encodeURIComponent(name)}`, { token: company.token }));
    await expectSameAsOrdinary('GET /squads/history?squadId=<name>', (name) => call(`/squads/history?squadId=${encodeURIComponent(name)}`, { token: company.token }));
    await expectSameAsOrdinary('GET /squads/{id}/versions/diff?from=<name>', (name) => call(`/squads/${squad}/versions/diff?from=${encodeURIComponent(name)}&to=1`, { token: company.token }));
    await expectSameAsOrdinary('GET /agents/{id}/versions?last=<name>', (name) => call(`/agents/${agent}/versions?last=${encodeURIComponent(name)}`, { token: company.token }));
  });

  it('header names: ignored as any other', async () => {
    await expectSameAsOrdinary('GET /agents with a header <name>', (name) => call('/agents', { token: company.token, headers: keyed(name, 'x') as Record<string, string> }));
    await expectSameAsOrdinary('PUT /squads/{id} with a header <name>', (name) =>
      call(`/squads/${squad}`, { method: 'PUT', token: company.token, headers: keyed(name, '1') as Record<string, string>, body: squadBody([task('a')]) }),
    );
  });

  it('JSON body keys: at the top and inside, answered as any other key', async () => {
    await expectSameAsOrdinary('POST /agents, an extra key', (name) =>
      call('/agents', { method: 'POST', token: company.token, body: { ...agentBody(model), ...keyed(name, 'x') } }),
    );
    await expectSameAsOrdinary('POST /agents, an extra key holding an object', (name) =>
      call('/agents', { method: 'POST', token: company.token, body: { ...agentBody(model), ...keyed(name, { polluted: true }) } }),
    );
    await expectSameAsOrdinary('POST /squads, an extra key in a task', (name) =>
      call('/squads', { method: 'POST', token: company.token, body: squadBody([{ ...task('a'), ...keyed(name, 1) }]) }),
    );
    await expectSameAsOrdinary('POST /ai-models, an extra key in environment', (name) =>
      call('/ai-models', {
        method: 'POST',
        token: company.token,
        body: { model: { name: `M ${randomUUID()}`, sectors: [], description: 'd', enabled: true, provider: 'mistral', model: 'm' }, environment: keyed(name, 'x') },
      }),
    );
    await expectSameAsOrdinary('POST /bundles/import, an extra key in the bundle', (name) =>
      call('/bundles/import', { method: 'POST', token: company.token, body: { bundle: { ...bundleNamed('r', 'mistral'), ...keyed(name, {}) } } }),
    );
    await expectSameAsOrdinary('POST /bundles/import, the bundle a key', (name) =>
      call('/bundles/import', { method: 'POST', token: company.token, body: { bundle: keyed(name, bundleNamed('r', 'mistral')) } }),
    );
    await expectSameAsOrdinary('POST /bundles/import, apikeys holding an object', (name) =>
      call('/bundles/import', { method: 'POST', token: company.token, body: { bundle: bundleNamed('r', 'mistral'), apikeys: keyed(name, { polluted: true }) } }),
    );
    await expectSameAsOrdinary('a whole body named so', (name) => call('/agents', { method: 'POST', token: company.token, body: keyed(name, agentBody(model)) }));
  });

  it('path ids: 404 as any unknown id', async () => {
    for (const kind of ['agents', 'squads', 'tools', 'knowledge-bases', 'ai-models']) {
      await expectSameAsOrdinary(`GET /${kind}/<name>`, (name) => call(`/${kind}/${encodeURIComponent(name)}`, { token: company.token }));
      await expectSameAsOrdinary(`GET /${kind}/<name>/usage`, (name) => call(`/${kind}/${encodeURIComponent(name)}/usage`, { token: company.token }));
    }
    await expectSameAsOrdinary('GET /<name>', (name) => call(`/${encodeURIComponent(name)}`, { token: company.token }));
    await expectSameAsOrdinary('GET /agents/{id}/versions/<name>', (name) => call(`/agents/${agent}/versions/${encodeURIComponent(name)}`, { token: company.token }));
  });
});
