// "No 500 for any bad input": every endpoint, fed bodies of every wrong shape, answers a 4xx
// in the error envelope, and the company's data is unchanged afterwards.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createKnowledgeBase, createModel, createTool } from './factories';
import { call, newCompany, type TestCompany } from './helpers';

let company: TestCompany;
const ids: Record<string, string> = {};

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });

const BODIES: unknown[] = [
  null,
  [],
  'a string',
  12,
  true,
  {},
  { squad: null },
  { squad: [] },
  { model: 'x', environment: 'y' },
  { knowledgeBase: 5, filename: {} },
  { tool: { name: { $gt: '' }, sectors: 'all', mcp: [] } },
  { enabled: null },
  { enabled: 'maybe' },
  { name: '\u0000\uFFFF😀', temperature: 'NaN', tools: [null, {}, { id: 7 }] },
  { squad: { tasks: [{ id: 'a', dependsOn: 'a', coordinates: { x: 'left' } }, null] } },
  { model: { provider: '__proto__', apikey: 42 }, environment: { company: ['x'] } },
  { __proto__: { polluted: true }, constructor: { prototype: { bad: 1 } } },
  deep(200),
];

beforeAll(async () => {
  company = await newCompany();
  ids.model = await createModel(company);
  ids.tool = await createTool(company);
  ids.kb = await createKnowledgeBase(company);
  ids.agent = await createAgent(company, ids.model);
  const squad = await call('/squads', {
    method: 'POST',
    token: company.token,
    body: { squad: { name: 'S', tasks: [], order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher: 'qa' } },
  });
  ids.squad = squad.body.data.id;
});

async function snapshot() {
  const paths = ['/agents', '/squads', '/tools', '/knowledge-bases', '/ai-models', `/agents/${ids.agent}`, `/squads/${ids.squad}`];
  const bodies = await Promise.all(paths.map((p) => call(p, { token: company.token })));
  // Partial updates with nothing to change may still touch `updatedAt`/`version`: compare the rest.
  return bodies.map((b) => JSON.stringify(b.body, (k, v) => (['apikey', 'updatedAt', 'version'].includes(k) ? undefined : v)));
}

describe('wrong bodies never cause a server error', () => {
  const endpoints = (): [string, string][] => [
    ['POST', '/agents'],
    ['PUT', `/agents/${ids.agent}`],
    ['PUT', `/agents/${ids.agent}/enable`],
    ['POST', '/squads'],
    ['PUT', `/squads/${ids.squad}`],
    ['PUT', `/squads/${ids.squad}/enable`],
    ['POST', '/tools'],
    ['PUT', `/tools/${ids.tool}`],
    ['POST', '/knowledge-bases'],
    ['PUT', `/knowledge-bases/${ids.kb}`],
    ['POST', '/ai-models'],
    ['PUT', `/ai-models/${ids.model}`],
    ['GET', '/ai-models'],
    ['POST', '/authentication/refresh-token'],
  ];

  it('answers 4xx envelopes for every endpoint × body, and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const [method, path] of endpoints()) {
      const results = await Promise.all(
        BODIES.map((body) =>
          method === 'GET' ? call(`${path}?company=${encodeURIComponent(JSON.stringify(body))}`, { token: company.token }) : call(path, { method, token: company.token, body }),
        ),
      );
      results.forEach((res, i) => {
        const ok = res.status >= 400 && res.status < 500 && res.body?.status === 'ERROR' && res.body?.data === null;
        const harmlessGet = method === 'GET' && (res.status === 200 || res.status === 403);
        // A partial update (D8, D10) of an object whose fields are all unknown is a valid no-op.
        const noOpPartial = res.status === 200 && (path.startsWith('/tools/') || path.startsWith('/ai-models/'));
        if (!ok && !harmlessGet && !noOpPartial) failures.push(`${method} ${path} body#${i} → ${res.status} ${res.text.slice(0, 120)}`);
      });
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('a NUL character in a query string is a 400 naming the parameter', async () => {
    const res = await call('/agents?sector=%00', { token: company.token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('sector');
  });

  it('odd ids and paths answer 404 envelopes, never 500', async () => {
    for (const id of ['%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(2000), "' OR 1=1 --", '😀']) {
      for (const path of [`/agents/${id}`, `/squads/${id}`, `/tools/${id}`, `/knowledge-bases/${id}`, `/ai-models/${id}`]) {
        const res = await call(path, { token: company.token });
        expect(res.status, `${path} → ${res.text.slice(0, 100)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      // Versions (decision 013): odd ids, odd version numbers, odd diff bounds and cursors.
      const versionCalls: [string, string][] = [
        ['GET', `/squads/${id}/versions`],
        ['GET', `/tools/${id}/versions/1`],
        ['GET', `/knowledge-bases/${id}/versions/diff?from=1&to=2`],
        ['POST', `/ai-models/${id}/versions/1/restore`],
        ['GET', `/agents/${ids.agent}/versions/${id}`],
        ['POST', `/squads/${ids.squad}/versions/${id}/restore`],
        ['GET', `/tools/${ids.tool}/versions/diff?from=${id}&to=1`],
        ['GET', `/ai-models/${ids.model}/versions?last=${id}&limit=${id}`],
      ];
      for (const [method, path] of versionCalls) {
        const res = await call(path, { method, token: company.token });
        expect(res.status, `${method} ${path} → ${res.text.slice(0, 100)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body?.status).toBe('ERROR');
      }
    }
  });
});
