// Tools: spec endpoints 10–12 and D8's extensions, over HTTP against the real server.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createModel, createTool, expectSectorList } from './factories';
import { call, errorPaths, expectError, newCompany, type TestCompany } from './helpers';

let acme: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  [acme, other] = await Promise.all([newCompany(), newCompany()]);
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CODE = 'export async function main(input) {\n  return input;\n}\n';

const toolBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Weather',
  description: 'Looks up the weather',
  sectors: ['support'],
  publisher: 'qa',
  enabled: true,
  environments: ['prod'],
  ...overrides,
});

const post = (tool: unknown, company = acme) => call('/tools', { method: 'POST', token: company.token, body: { tool } });
const put = (id: string, body: unknown, company = acme) => call(`/tools/${id}`, { method: 'PUT', token: company.token, body });
const get = (id: string, company = acme) => call(`/tools/${id}`, { token: company.token });

async function created(tool: Record<string, unknown>): Promise<string> {
  const res = await post(tool);
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

describe('POST /tools', () => {
  it('creates a tool: 201 data { id }; the detail answers every field, absent optional ones as null', async () => {
    const res = await post(toolBody());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'OK', data: { id: expect.any(String) } });
    const detail = await get(res.body.data.id);
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({
      status: 'OK',
      data: {
        id: res.body.data.id,
        name: 'Weather',
        description: 'Looks up the weather',
        code: null,
        entryFunctionName: null,
        sectors: ['support'],
        publisher: 'qa',
        enabled: true,
        environments: ['prod'],
        mcp: null,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      },
    });
  });

  it('stores code, entryFunctionName and mcp; quoted booleans become booleans; service-owned, unknown fields and `type` are ignored', async () => {
    const id = await created(
      toolBody({
        name: '  Padded  ',
        enabled: 'false',
        code: CODE,
        entryFunctionName: ' main ',
        mcp: { url: 'https://mcp.example.com/sse', transport: 'sse' },
        id: 'chosen-id',
        createdAt: '2000-01-01T00:00:00.000Z',
        companyId: other.id,
        type: 'javascript',
        color: 'blue',
      }),
    );
    expect(id).not.toBe('chosen-id');
    const { data } = (await get(id)).body;
    expect(data).toMatchObject({
      id,
      name: 'Padded',
      enabled: false,
      code: CODE,
      entryFunctionName: 'main',
      mcp: { url: 'https://mcp.example.com/sse', transport: 'sse' },
    });
    expect(data.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(data).not.toHaveProperty('type');
    expect(data).not.toHaveProperty('color');
    expectError(await get(id, other), 404);
  });

  it('requires every required field, naming each under tool.', async () => {
    const res = await post({});
    expectError(res, 400);
    expect(errorPaths(res).sort()).toEqual(['tool.description', 'tool.enabled', 'tool.environments', 'tool.name', 'tool.publisher', 'tool.sectors']);
    const missing = await call('/tools', { method: 'POST', token: acme.token, body: toolBody() });
    expectError(missing, 400);
    expect(errorPaths(missing)).toEqual(['tool']);
  });

  it.each([
    ['name', '   ', 'tool.name'],
    ['description', '', 'tool.description'],
    ['publisher', 42, 'tool.publisher'],
    ['enabled', 'yes', 'tool.enabled'],
    ['sectors', 'support', 'tool.sectors'],
    ['environments', ['prod', ''], 'tool.environments.1'],
    ['mcp', 'https://mcp.example.com', 'tool.mcp'],
    ['mcp', { url: 'ftp://mcp.example.com' }, 'tool.mcp.url'],
    ['mcp', { url: 'not a url', transport: 'sse' }, 'tool.mcp.url'],
    ['mcp', { url: 'https://mcp.example.com', transport: 'websocket' }, 'tool.mcp.transport'],
    ['entryFunctionName', '1main', 'tool.entryFunctionName'],
  ])('refuses %s = %j with 400 naming %s', async (field, value, path) => {
    const res = await post(toolBody({ code: CODE, entryFunctionName: 'main', [field]: value }));
    expectError(res, 400);
    expect(errorPaths(res)).toEqual([path]);
  });

  it('code and entryFunctionName come together, and the entry function must be defined in code', async () => {
    const codeOnly = await post(toolBody({ code: CODE }));
    expectError(codeOnly, 400);
    expect(codeOnly.body.errors).toEqual([{ path: 'tool.entryFunctionName', message: 'is required when code is given' }]);
    const entryOnly = await post(toolBody({ entryFunctionName: 'main' }));
    expectError(entryOnly, 400);
    expect(entryOnly.body.errors).toEqual([{ path: 'tool.code', message: 'is required when entryFunctionName is given' }]);
    const undefinedEntry = await post(toolBody({ code: CODE, entryFunctionName: 'run' }));
    expectError(undefinedEntry, 400);
    expect(errorPaths(undefinedEntry)).toEqual(['tool.entryFunctionName']);
    expect(undefinedEntry.body.message).toContain('run');
  });

  it.each([
    ['function declaration', 'function run(x) { return x; }'],
    ['async function', 'async function run() {}'],
    ['export function', 'export function run() {}'],
    ['export default function', 'export default function run() {}'],
    ['generator', 'function* run() {}'],
    ['export const arrow', 'export const run = async (x) => x;'],
    ['typed const', 'const run: (x: number) => number = (x) => x;'],
    ['let', 'let run = function () {};'],
    ['var', 'var run = () => 1;'],
    ['CommonJS export', 'module.exports.run = () => 1;'],
    ['Python def', 'import json\n\ndef run(payload):\n    return json.dumps(payload)\n'],
    ['Python async def', 'async def run(payload):\n    return payload\n'],
  ])('accepts an entry function defined by a %s', async (_label, code) => {
    expect((await post(toolBody({ code, entryFunctionName: 'run' }))).status).toBe(201);
  });

  it.each([
    ['only called', 'function main() { return run(); }'],
    ['a longer name', 'function runner() {}'],
    ['a member', 'const api = {}; api.run = () => 1;'],
    ['a property', 'const o = { run: () => 1 };'],
  ])('refuses an entry function that is %s, not defined', async (_label, code) => {
    const res = await post(toolBody({ code, entryFunctionName: 'run' }));
    expectError(res, 400);
    expect(errorPaths(res)).toEqual(['tool.entryFunctionName']);
  });

  it('refuses a body that is malformed, not JSON, too large, or sent with the wrong method; nothing is created', async () => {
    const company = await newCompany();
    expectError(await call('/tools', { method: 'POST', token: company.token, raw: '{"tool": {' }), 400);
    expectError(await call('/tools', { method: 'POST', token: company.token, raw: JSON.stringify({ tool: toolBody() }), headers: { 'content-type': 'text/plain' } }), 415);
    expectError(await post(toolBody({ description: 'x'.repeat(1.1 * 1024 * 1024) }), company), 413);
    const wrongMethod = await call('/tools', { method: 'PATCH', token: company.token, body: { tool: toolBody() } });
    expectError(wrongMethod, 405);
    expect((await call('/tools', { token: company.token })).body).toEqual({ status: 'OK', data: [] });
  });
});

describe('PUT /tools/{id}', () => {
  it('is a partial update: sent fields replace, absent ones stay; answers the full tool', async () => {
    const id = await created(toolBody({ code: CODE, entryFunctionName: 'main', mcp: { url: 'http://mcp.local/x', transport: 'streamable-http' } }));
    const before = (await get(id)).body.data;
    const res = await put(id, { name: 'Renamed', enabled: 'false', sectors: ['sales', 'support'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'OK',
      data: {
        id,
        name: 'Renamed',
        description: 'Looks up the weather',
        code: CODE,
        entryFunctionName: 'main',
        sectors: ['sales', 'support'],
        publisher: 'qa',
        enabled: false,
        environments: ['prod'],
        mcp: { url: 'http://mcp.local/x', transport: 'streamable-http' },
        createdAt: before.createdAt,
        updatedAt: expect.stringMatching(ISO),
      },
    });
    expect(res.body.data.updatedAt >= before.updatedAt).toBe(true);
    expect((await get(id)).body.data).toEqual(res.body.data);
  });

  it('an empty body changes nothing; service-owned and unknown fields are ignored', async () => {
    const id = await created(toolBody());
    const before = (await get(id)).body.data;
    const res = await put(id, { id: 'other', createdAt: '2000-01-01T00:00:00.000Z', type: 'python', extra: 1 });
    expect(res.status).toBe(200);
    expect({ ...res.body.data, updatedAt: undefined }).toEqual({ ...before, updatedAt: undefined });
    expect((await put(id, {})).body.data.id).toBe(id);
  });

  it('replaces mcp as a whole and clears it with null', async () => {
    const id = await created(toolBody({ mcp: { url: 'https://a.example.com', transport: 'sse' } }));
    expect((await put(id, { mcp: { url: 'https://b.example.com' } })).body.data.mcp).toEqual({ url: 'https://b.example.com', transport: null });
    expect((await put(id, { mcp: null })).body.data.mcp).toBeNull();
    expect((await put(id, { mcp: { transport: 'streamable-http' } })).body.data.mcp).toEqual({ url: null, transport: 'streamable-http' });
  });

  it('checks the code pair on the merged tool, naming the field without a wrapper', async () => {
    const id = await created(toolBody({ code: CODE, entryFunctionName: 'main' }));
    // New code that still defines the stored entry function.
    const newCode = 'def main(payload):\n    return payload\n';
    expect((await put(id, { code: newCode })).body.data).toMatchObject({ code: newCode, entryFunctionName: 'main' });
    // New code that does not define it.
    const stale = await put(id, { code: 'function other() {}' });
    expectError(stale, 400);
    expect(errorPaths(stale)).toEqual(['entryFunctionName']);
    // A new entry function the stored code does not define.
    const wrongEntry = await put(id, { entryFunctionName: 'nowhere' });
    expectError(wrongEntry, 400);
    expect(errorPaths(wrongEntry)).toEqual(['entryFunctionName']);
    // Clearing code alone would leave entryFunctionName without code.
    const clearCode = await put(id, { code: null });
    expectError(clearCode, 400);
    expect(clearCode.body.errors).toEqual([{ path: 'code', message: 'is required when entryFunctionName is given' }]);
    // Clearing the entry alone would leave code without it.
    const clearEntry = await put(id, { entryFunctionName: null });
    expectError(clearEntry, 400);
    expect(clearEntry.body.errors).toEqual([{ path: 'entryFunctionName', message: 'is required when code is given' }]);
    expect((await get(id)).body.data).toMatchObject({ code: newCode, entryFunctionName: 'main' });
    // Both together: replaced, then cleared.
    expect((await put(id, { code: 'const handler = () => 1;', entryFunctionName: 'handler' })).body.data).toMatchObject({ code: 'const handler = () => 1;', entryFunctionName: 'handler' });
    expect((await put(id, { code: null, entryFunctionName: null })).body.data).toMatchObject({ code: null, entryFunctionName: null });
  });

  it('adding code to a tool without code needs entryFunctionName, and vice versa', async () => {
    const id = await created(toolBody());
    const entryOnly = await put(id, { entryFunctionName: 'main' });
    expectError(entryOnly, 400);
    expect(errorPaths(entryOnly)).toEqual(['code']);
    const codeOnly = await put(id, { code: CODE });
    expectError(codeOnly, 400);
    expect(errorPaths(codeOnly)).toEqual(['entryFunctionName']);
    expect((await put(id, { code: CODE, entryFunctionName: 'main' })).body.data).toMatchObject({ code: CODE, entryFunctionName: 'main' });
  });

  it.each([
    ['name', null],
    ['name', ''],
    ['description', '  '],
    ['enabled', 'sometimes'],
    ['environments', 'prod'],
    ['sectors', [1]],
    ['publisher', null],
  ])('refuses %s = %j with 400 naming the field', async (field, value) => {
    const id = await created(toolBody());
    const res = await put(id, { [field]: value });
    expectError(res, 400);
    expect(errorPaths(res).every((p) => p === field || p.startsWith(`${field}.`))).toBe(true);
    expect(errorPaths(res).length).toBeGreaterThan(0);
  });

  it('refuses mcp.url and mcp.transport that break the rules', async () => {
    const id = await created(toolBody());
    const url = await put(id, { mcp: { url: 'javascript:alert(1)', transport: 'sse' } });
    expectError(url, 400);
    expect(errorPaths(url)).toEqual(['mcp.url']);
    const transport = await put(id, { mcp: { url: 'https://ok.example.com', transport: 'stdio' } });
    expectError(transport, 400);
    expect(errorPaths(transport)).toEqual(['mcp.transport']);
  });

  it('validates before looking the tool up (400 before 404), then answers 404 for unknown ids', async () => {
    expectError(await put('no-such-tool', { enabled: 'maybe' }), 400);
    expectError(await put('no-such-tool', { enabled: true }), 404);
  });

  it('refuses malformed JSON, other content types and oversized bodies', async () => {
    const id = await created(toolBody());
    expectError(await call(`/tools/${id}`, { method: 'PUT', token: acme.token, raw: '{"name":' }), 400);
    expectError(await call(`/tools/${id}`, { method: 'PUT', token: acme.token, raw: '{"name":"x"}', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
    expectError(await put(id, { description: 'x'.repeat(1.1 * 1024 * 1024) }), 413);
    expect((await get(id)).body.data.name).toBe('Weather');
  });
});

describe('reads', () => {
  it('GET /tools answers the company’s tools in the envelope, with ?sector=', async () => {
    await expectSectorList('/tools', createTool, other, ['code', 'createdAt', 'description', 'enabled', 'entryFunctionName', 'environments', 'id', 'mcp', 'name', 'publisher', 'sectors', 'updatedAt']);
  });

  it('GET /tools/availables answers the catalogue', async () => {
    const res = await call('/tools/availables', { token: acme.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('OK');
    const byKey = Object.fromEntries(res.body.data.map((e: { key: string; category: string }) => [e.key, e.category]));
    expect(byKey).toMatchObject({
      javascript: 'runtime',
      python: 'runtime',
      'http-request': 'integration',
      'mcp-sse': 'integration',
      'mcp-streamable-http': 'integration',
      'web-search': 'integration',
      'sql-query': 'integration',
    });
    for (const entry of res.body.data) {
      expect(Object.keys(entry).sort()).toEqual(['category', 'description', 'key', 'name']);
      for (const value of Object.values(entry)) expect(typeof value === 'string' && value.length > 0).toBe(true);
    }
    expect(new Set(res.body.data.map((e: { key: string }) => e.key)).size).toBe(res.body.data.length);
    expectError(await call('/tools/availables', { method: 'POST', token: acme.token, body: {} }), 405);
  });

  it("another company's tool is a 404 on every verb and stays unchanged", async () => {
    const id = await createTool(other, { name: 'Theirs' });
    expectError(await get(id), 404);
    expectError(await put(id, { name: 'Mine' }), 404);
    expectError(await call(`/tools/${id}`, { method: 'DELETE', token: acme.token }), 404);
    expect((await get(id, other)).body.data.name).toBe('Theirs');
  });

  it('unknown ids are a 404 on every verb', async () => {
    expectError(await get('unknown'), 404);
    expectError(await put('unknown', { name: 'x' }), 404);
    expectError(await call('/tools/unknown', { method: 'DELETE', token: acme.token }), 404);
  });
});

describe('DELETE /tools/{id}', () => {
  it('deletes a tool: data { id }, then 404', async () => {
    const id = await created(toolBody());
    const res = await call(`/tools/${id}`, { method: 'DELETE', token: acme.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK', data: { id } });
    expectError(await get(id), 404);
    expectError(await call(`/tools/${id}`, { method: 'DELETE', token: acme.token }), 404);
  });

  it('answers 409 naming the agents while an agent uses the tool', async () => {
    const company = await newCompany();
    const toolId = await createTool(company);
    const modelId = await createModel(company);
    const agentId = await createAgent(company, modelId, { name: 'Forecaster', tools: [toolId] });
    const res = await call(`/tools/${toolId}`, { method: 'DELETE', token: company.token });
    expectError(res, 409);
    expect(res.body.message).toContain('Forecaster');
    expect((await get(toolId, company)).status).toBe(200);
    expect((await call(`/agents/${agentId}`, { method: 'DELETE', token: company.token })).status).toBe(200);
    expect((await call(`/tools/${toolId}`, { method: 'DELETE', token: company.token })).body).toEqual({ status: 'OK', data: { id: toolId } });
  });
});

describe('concurrency and credentials', () => {
  it('50 parallel creations are all 201 and all listed', async () => {
    const company = await newCompany();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => post(toolBody({ name: `Parallel ${i}` }), company)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = results.map((r) => r.body.data.id);
    expect(new Set(ids).size).toBe(50);
    const listed = (await call('/tools', { token: company.token })).body.data.map((t: { id: string }) => t.id).sort();
    expect(listed).toEqual(ids.sort());
  });

  it('every tool endpoint answers 401 without a credential or with a bad one', async () => {
    const id = await createTool(acme);
    const routes: [string, string][] = [['GET', '/tools'], ['POST', '/tools'], ['GET', `/tools/${id}`], ['PUT', `/tools/${id}`], ['DELETE', `/tools/${id}`], ['GET', '/tools/availables']];
    const results = await Promise.all(
      routes.flatMap(([method, path]) => [
        call(path, { method, body: method === 'POST' || method === 'PUT' ? { tool: toolBody() } : undefined }),
        call(path, { method, token: 'not-a-token', body: method === 'POST' || method === 'PUT' ? { tool: toolBody() } : undefined }),
      ]),
    );
    for (const res of results) expectError(res, 401);
    expect((await get(id)).status).toBe(200);
  });
});
