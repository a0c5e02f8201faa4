// Lists are written as JSON text by the database (lib/server/store/json.ts, decision 025) while
// each detail read still maps rows in JavaScript: every list item must equal its detail answer
// (same keys, same values, same types), in list order, with the sector filter choosing exactly
// the items whose sectors hold the sector, for all five lists.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createKnowledgeBase, createModel, createTool, box } from './factories';
import { call, newCompany, type LooseJson, type TestCompany } from './helpers';

type Json = Record<string, LooseJson>;

let acme: TestCompany;
const ids: Record<string, string[]> = {};

beforeAll(async () => {
  acme = await newCompany();
  ids.models = [
    await createModel(acme, { sectors: ['support', 'sales'] }),
    await createModel(acme, { sectors: ['sales'], provider: 'meta', model: 'llama', apikey: null }),
  ];
  ids.tools = [
    await createTool(acme, { sectors: ['support'], code: 'def run(x):\n  return "quoted \\\\ \u00e9"', entryFunctionName: 'run' }),
    await createTool(acme, { sectors: ['sales', 'support'], mcp: { url: 'https://mcp.example.com/sse', transport: 'sse' } }),
    await createTool(acme, { sectors: [], environments: [] }),
  ];
  ids.bases = [
    await createKnowledgeBase(acme, { sectors: ['support'], tags: [] }),
    await createKnowledgeBase(acme, { sectors: ['sales'], type: 'url', content: 'https://example.com/a?b=1&c="d"', multimodal: true }),
  ];
  ids.agents = [
    await createAgent(acme, ids.models[0], { temperature: 1, tools: [ids.tools[1], ids.tools[0]], knowledgeBases: [ids.bases[1]], sectors: ['support'] }),
    await createAgent(acme, ids.models[1], { temperature: 0.1 + 0.2, 'can.delegate': true, multimodal: true, enabled: false, sectors: ['sales', 'support'] }),
    await createAgent(acme, ids.models[0], { name: 'Ünïcödé "agent" \\ \n tab\t', sectors: [] }),
  ];
  const squad = (body: Json) => call('/squads', { method: 'POST', token: acme.token, body: { squad: body } });
  const base = { order: 'sequential', enabled: true, do_plan: false, publisher: 'qa' };
  const made = [
    await squad({
      ...base,
      name: 'With slots',
      sectors: ['support'],
      tasks: [
        { id: 'b', agent: ids.agents[1], name: 'B', objective: 'b', dependsOn: [], coordinates: box(0, 0) },
        { id: 'a', agent: ids.agents[0], name: 'A', objective: 'a', dependsOn: ['b'], coordinates: box(300.5, -20) },
      ],
      planningAgent: { id: ids.agents[2], coordinates: box(10, 10) },
      supervisor: { id: ids.agents[0] },
    }),
    await squad({ ...base, name: 'Empty', sectors: ['sales'], tasks: [], order: 'hierarchical', do_plan: true, enabled: false }),
  ];
  for (const res of made) expect(res.status).toBe(201);
  ids.squads = made.map((res) => res.body.data.id);
});

const lists = [
  { name: 'agents', path: '/agents', ids: 'agents', items: (b: LooseJson) => b, detail: (b: LooseJson) => b.data.Agent },
  { name: 'tools', path: '/tools', ids: 'tools', items: (b: LooseJson) => b.data, detail: (b: LooseJson) => b.data },
  { name: 'knowledge bases', path: '/knowledge-bases', ids: 'bases', items: (b: LooseJson) => b.data, detail: (b: LooseJson) => b.data },
  { name: 'AI models', path: '/ai-models', ids: 'models', items: (b: LooseJson) => b.data, detail: (b: LooseJson) => b.data },
  { name: 'squads', path: '/squads', ids: 'squads', items: (b: LooseJson) => b.data, detail: (b: LooseJson) => b.data },
] as const;

describe.each(lists)('GET $path', (list) => {
  it('answers every item exactly as its detail read does, in creation order', async () => {
    const res = await call(list.path, { token: acme.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const items: Json[] = list.items(res.body);
    expect(items.map((i) => i.id)).toEqual(ids[list.ids]);
    for (const item of items) {
      const detail = await call(`${list.path}/${item.id}`, { token: acme.token });
      expect(detail.status).toBe(200);
      expect(item).toStrictEqual(list.detail(detail.body));
      // Same keys in the same order as the detail (the record type's order).
      expect(Object.keys(item)).toEqual(Object.keys(list.detail(detail.body)));
    }
  });

  it('filters by sector: exactly the items whose sectors hold it, in order', async () => {
    const all: Json[] = list.items((await call(list.path, { token: acme.token })).body);
    for (const sector of ['support', 'sales', 'supp', 'none']) {
      const res = await call(`${list.path}?sector=${sector}`, { token: acme.token });
      expect(res.status).toBe(200);
      expect(list.items(res.body)).toStrictEqual(all.filter((i) => i.sectors.includes(sector)));
    }
  });

  it('answers an empty list for a company with none', async () => {
    const empty = await newCompany();
    const res = await call(list.path, { token: empty.token });
    expect(res.status).toBe(200);
    expect(list.items(res.body)).toEqual([]);
  });
});
