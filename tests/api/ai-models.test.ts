// AI models: spec endpoints 15–17, D4's environment rules and D10's providers, masking and
// extensions (PUT, DELETE, providers), over HTTP against the real server.
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from './factories';
import { baseUrl, call, errorPaths, expectError, newCompany, registerSecret, responsesLog, type ApiResponse, type TestCompany } from './helpers';

const REQUIRED = ['openai', 'gemini', 'maritaca', 'anthropic'];
const FORBIDDEN = ['alibaba', 'google', 'meta', 'deepseek', 'mistral', 'microsoft'];

let acme: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  [acme, other] = await Promise.all([newCompany(), newCompany()]);
});

let n = 0;
/** A fresh provider key, registered for the end-of-run leak scan. */
const newKey = (length = 40) => registerSecret(`sk-${randomChars(length - 3)}`);
const randomChars = (length: number) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');
const masked = (key: string) => (key.length < 12 ? '*'.repeat(key.length) : key.slice(0, 4) + '*'.repeat(key.length - 4));

function modelFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Model ${++n}`,
    sectors: ['support'],
    description: 'A hosted model',
    enabled: true,
    provider: 'openai',
    model: 'gpt-4o',
    apikey: newKey(),
    ...overrides,
  };
}

async function create(company: TestCompany, overrides: Record<string, unknown> = {}, environment: Record<string, unknown> | null = { company: company.id }) {
  const model = modelFields(overrides);
  const res = await call('/ai-models', { method: 'POST', token: company.token, body: environment ? { model, environment } : { model } });
  return { res, model, id: res.body?.id as string };
}

/** GET with a JSON body, as the spec's model reads send it (fetch refuses GET bodies). */
function getWithBody(path: string, options: { token?: string; body: string; contentType?: string }): Promise<ApiResponse> {
  const headers: Record<string, string | number> = {
    'content-type': options.contentType ?? 'application/json',
    'content-length': Buffer.byteLength(options.body),
  };
  if (options.token) headers.authorization = options.token;
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl()}/api${path}`, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        appendFileSync(responsesLog(), `${res.statusCode} GET ${path} ${text}\n`);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
        resolve({ status: res.statusCode ?? 0, body, text, headers: responseHeaders });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const withEnvironment = (environment: unknown) => JSON.stringify({ environment });

describe('POST /ai-models', () => {
  it('answers 201 with the id at the top level, and the detail reads the record with the key masked', async () => {
    const { res, model, id } = await create(acme, {}, { company: acme.id, sector: 'support' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'OK', id: expect.any(String) });
    const detail = await call(`/ai-models/${id}`, { token: acme.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({
      status: 'ok',
      data: {
        id,
        name: model.name,
        sectors: ['support'],
        description: 'A hosted model',
        enabled: true,
        provider: 'openai',
        model: 'gpt-4o',
        apikey: masked(model.apikey as string),
        version: 1,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect(new Date(detail.body.data.createdAt).toISOString()).toBe(detail.body.data.createdAt);
    expect(detail.text).not.toContain(model.apikey);
  });

  it('uses the caller company when environment is absent, and trims and converts values', async () => {
    const { res, id } = await create(acme, { name: '  Trimmed  ', enabled: 'false', provider: ' meta ', apikey: undefined }, null);
    expect(res.status).toBe(201);
    const { data } = (await call(`/ai-models/${id}`, { token: acme.token })).body;
    expect(data).toMatchObject({ name: 'Trimmed', enabled: false, provider: 'meta', apikey: null });
  });

  it('answers 403 when environment.company is another company, and creates nothing', async () => {
    const before = (await call('/ai-models', { token: acme.token })).body.data.length;
    const { res } = await create(acme, {}, { company: other.id });
    expectError(res, 403);
    expect((await call('/ai-models', { token: acme.token })).body.data.length).toBe(before);
  });

  it.each(REQUIRED)('provider %s requires an apikey and stores it masked', async (provider) => {
    const missing = await create(acme, { provider, apikey: undefined });
    expectError(missing.res, 400);
    expect(errorPaths(missing.res)).toEqual(['model.apikey']);
    const nulled = await create(acme, { provider, apikey: null });
    expect(errorPaths(nulled.res)).toEqual(['model.apikey']);
    const ok = await create(acme, { provider });
    expect(ok.res.status).toBe(201);
    const detail = await call(`/ai-models/${ok.id}`, { token: acme.token });
    expect(detail.body.data).toMatchObject({ provider, apikey: masked(ok.model.apikey as string) });
  });

  it.each(FORBIDDEN)('provider %s refuses an apikey and reads apikey: null without one', async (provider) => {
    const refused = await create(acme, { provider });
    expectError(refused.res, 400);
    expect(errorPaths(refused.res)).toEqual(['model.apikey']);
    expect(refused.res.text).not.toContain(refused.model.apikey);
    const ok = await create(acme, { provider, apikey: undefined });
    expect(ok.res.status).toBe(201);
    expect((await call(`/ai-models/${ok.id}`, { token: acme.token })).body.data).toMatchObject({ provider, apikey: null });
  });

  it.each(['cohere', 'OpenAI', '', 42])('refuses provider %j with 400 naming model.provider', async (provider) => {
    const { res } = await create(acme, { provider });
    expectError(res, 400);
    expect(errorPaths(res)).toEqual(['model.provider']);
  });

  it('masks a key under 12 characters entirely and a 12-character key after its first 4', async () => {
    const short = registerSecret(`k${randomChars(10)}`);
    const twelve = registerSecret(`k${randomChars(11)}`);
    const [a, b] = await Promise.all([create(acme, { apikey: short }), create(acme, { apikey: twelve })]);
    const [da, db] = await Promise.all([call(`/ai-models/${a.id}`, { token: acme.token }), call(`/ai-models/${b.id}`, { token: acme.token })]);
    expect(da.body.data.apikey).toBe('*'.repeat(11));
    expect(db.body.data.apikey).toBe(`${twelve.slice(0, 4)}********`);
  });

  it('requires every field but apikey, naming each by its path', async () => {
    const res = await call('/ai-models', { method: 'POST', token: acme.token, body: { model: {}, environment: { company: acme.id } } });
    expectError(res, 400);
    expect(errorPaths(res).sort()).toEqual(['model.description', 'model.enabled', 'model.model', 'model.name', 'model.provider', 'model.sectors']);
    expect(errorPaths(await call('/ai-models', { method: 'POST', token: acme.token, body: { environment: { company: acme.id } } }))).toEqual(['model']);
  });

  it.each([
    ['model.name', { name: '   ' }],
    ['model.enabled', { enabled: 'yes' }],
    ['model.sectors', { sectors: 'support' }],
    ['model.description', { description: 7 }],
    ['model.model', { model: '' }],
    ['model.apikey', { apikey: 12345678901234 }],
    ['model.apikey', { apikey: '   ' }],
  ])('refuses a bad value with 400 naming %s', async (path, overrides) => {
    const { res } = await create(acme, overrides);
    expectError(res, 400);
    expect(errorPaths(res)).toEqual([path]);
  });

  it.each([
    ['environment', 'acme'],
    ['environment.company', { company: '' }],
    ['environment.sector', { company: 'x', sector: 5 }],
  ])('refuses a bad environment with 400 naming %s', async (path, environment) => {
    const res = await call('/ai-models', { method: 'POST', token: acme.token, body: { model: modelFields(), environment } });
    expectError(res, 400);
    expect(errorPaths(res)).toEqual([path]);
  });

  it('refuses malformed JSON (400), a non-JSON content type (415) and an oversized body (413)', async () => {
    const body = JSON.stringify({ model: modelFields(), environment: { company: acme.id } });
    expectError(await call('/ai-models', { method: 'POST', token: acme.token, raw: '{"model": {' }), 400);
    expectError(await call('/ai-models', { method: 'POST', token: acme.token, raw: body, headers: { 'content-type': 'text/plain' } }), 415);
    expectError(await call('/ai-models', { method: 'POST', token: acme.token, body: { model: modelFields({ description: 'x'.repeat(1.1 * 1024 * 1024) }) } }), 413);
  });
});

describe('GET /ai-models', () => {
  let acmeList: TestCompany;
  let sales: string;
  let support: string;
  let salesKey: string;

  beforeAll(async () => {
    acmeList = await newCompany();
    const a = await create(acmeList, { sectors: ['sales', 'support'] });
    const b = await create(acmeList, { sectors: ['support'], provider: 'google', apikey: undefined });
    [sales, support, salesKey] = [a.id, b.id, a.model.apikey as string];
  });

  it('answers status "ok" and every model of the company, keys masked', async () => {
    const res = await call('/ai-models', { token: acmeList.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.data.map((m: { id: string }) => m.id)).toEqual([sales, support]);
    expect(res.body.data[0]).toEqual({
      id: sales,
      name: expect.any(String),
      sectors: ['sales', 'support'],
      description: 'A hosted model',
      enabled: true,
      provider: 'openai',
      model: 'gpt-4o',
      apikey: masked(salesKey),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.body.data[1].apikey).toBeNull();
    expect(res.text).not.toContain(salesKey);
  });

  it('filters by sector from the query string and from a JSON GET body', async () => {
    const byQuery = await call(`/ai-models?company=${acmeList.id}&sector=sales`, { token: acmeList.token });
    expect(byQuery.body.data.map((m: { id: string }) => m.id)).toEqual([sales]);
    const byBody = await getWithBody('/ai-models', { token: acmeList.token, body: withEnvironment({ company: acmeList.id, sector: 'sales' }) });
    expect(byBody.status).toBe(200);
    expect(byBody.body.status).toBe('ok');
    expect(byBody.body.data.map((m: { id: string }) => m.id)).toEqual([sales]);
    const noneBody = await getWithBody('/ai-models', { token: acmeList.token, body: withEnvironment({ sector: 'finance' }) });
    expect(noneBody.body).toEqual({ status: 'ok', data: [] });
    const both = await getWithBody('/ai-models', { token: acmeList.token, body: withEnvironment({ company: acmeList.id }) });
    expect(both.body.data).toHaveLength(2);
  });

  it('answers 403 for another company in the query string or the GET body', async () => {
    expectError(await call(`/ai-models?company=${other.id}`, { token: acmeList.token }), 403);
    expectError(await getWithBody('/ai-models', { token: acmeList.token, body: withEnvironment({ company: other.id }) }), 403);
    expectError(await getWithBody(`/ai-models?company=${acmeList.id}`, { token: acmeList.token, body: withEnvironment({ company: other.id }) }), 403);
  });

  it('refuses a malformed GET body (400), a non-JSON GET body (415), a bad environment (400) and an oversized GET body (413)', async () => {
    expectError(await getWithBody('/ai-models', { token: acmeList.token, body: '{"environment": ' }), 400);
    expectError(await getWithBody('/ai-models', { token: acmeList.token, body: withEnvironment({ company: acmeList.id }), contentType: 'text/plain' }), 415);
    const bad = await getWithBody('/ai-models', { token: acmeList.token, body: withEnvironment('acme') });
    expectError(bad, 400);
    expect(errorPaths(bad)).toEqual(['environment']);
    const emptySector = await call('/ai-models?sector=', { token: acmeList.token });
    expect(errorPaths(emptySector)).toEqual(['sector']);
    expectError(await getWithBody('/ai-models', { token: acmeList.token, body: withEnvironment('x'.repeat(1.1 * 1024 * 1024)) }), 413);
  });

  it('never lists another company\'s models', async () => {
    const res = await call('/ai-models', { token: other.token });
    expect(res.body.data.map((m: { id: string }) => m.id)).not.toContain(sales);
  });
});

describe('GET /ai-models/{id}', () => {
  it('reads environment from the body or the query string; sector does not filter the detail', async () => {
    const { id } = await create(acme, { sectors: ['support'] });
    const byBody = await getWithBody(`/ai-models/${id}`, { token: acme.token, body: withEnvironment({ company: acme.id, sector: 'finance' }) });
    expect(byBody.status).toBe(200);
    expect(byBody.body).toMatchObject({ status: 'ok', data: { id } });
    expect((await call(`/ai-models/${id}?company=${acme.id}&sector=finance`, { token: acme.token })).body.data.id).toBe(id);
    expectError(await getWithBody(`/ai-models/${id}`, { token: acme.token, body: withEnvironment({ company: other.id }) }), 403);
    expectError(await call(`/ai-models/${id}?company=${other.id}`, { token: acme.token }), 403);
  });

  it('answers 404 for an unknown id and for another company\'s model', async () => {
    const { id } = await create(other);
    expectError(await call(`/ai-models/${id}`, { token: acme.token }), 404);
    expectError(await call('/ai-models/does-not-exist', { token: acme.token }), 404);
  });
});

describe('PUT /ai-models/{id}', () => {
  it('is partial: present fields replace, an absent apikey keeps the stored key, the version rises', async () => {
    const { id, model } = await create(acme);
    const res = await call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, body: { model: { name: 'Renamed', enabled: 'false' }, environment: { company: acme.id } } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'OK',
      data: {
        id,
        name: 'Renamed',
        sectors: ['support'],
        description: 'A hosted model',
        enabled: false,
        provider: 'openai',
        model: 'gpt-4o',
        apikey: masked(model.apikey as string),
        version: 2,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const key = newKey(30);
    const rekeyed = await call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, body: { model: { apikey: key, sectors: ['sales'] } } });
    expect(rekeyed.body.data).toMatchObject({ name: 'Renamed', sectors: ['sales'], apikey: masked(key), version: 3 });
    expect((await call(`/ai-models/${id}`, { token: acme.token })).body.data).toEqual(rekeyed.body.data);
  });

  it('re-checks the provider rule against the resulting provider and key', async () => {
    const { id } = await create(acme);
    const put = (model: Record<string, unknown>) => call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, body: { model } });
    const cleared = await put({ apikey: null });
    expect(errorPaths(cleared)).toEqual(['model.apikey']);
    const keepsKey = await put({ provider: 'meta' });
    expectError(keepsKey, 400);
    expect(errorPaths(keepsKey)).toEqual(['model.apikey']);
    expect(keepsKey.body.message).toContain('null');
    const newKeyForMeta = await put({ provider: 'meta', apikey: newKey() });
    expect(errorPaths(newKeyForMeta)).toEqual(['model.apikey']);
    const switched = await put({ provider: 'meta', apikey: null, model: 'llama-3' });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({ provider: 'meta', model: 'llama-3', apikey: null, version: 2 });
    expect(errorPaths(await put({ provider: 'anthropic' }))).toEqual(['model.apikey']);
    const key = newKey();
    const back = await put({ provider: 'anthropic', apikey: key });
    expect(back.body.data).toMatchObject({ provider: 'anthropic', apikey: masked(key), version: 3 });
    expect(errorPaths(await put({ provider: 'cohere' }))).toEqual(['model.provider']);
    expect((await call(`/ai-models/${id}`, { token: acme.token })).body.data.version).toBe(3);
  });

  it('validates the body and the environment, and answers 404 for unknown or foreign ids', async () => {
    const [{ id }, foreign] = await Promise.all([create(acme), create(other)]);
    expect(errorPaths(await call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, body: {} }))).toEqual(['model']);
    expect(errorPaths(await call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, body: { model: { enabled: 'maybe' } } }))).toEqual(['model.enabled']);
    expectError(await call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, body: { model: { name: 'x' }, environment: { company: other.id } } }), 403);
    expectError(await call(`/ai-models/${foreign.id}`, { method: 'PUT', token: acme.token, body: { model: { name: 'x' } } }), 404);
    expectError(await call('/ai-models/nope', { method: 'PUT', token: acme.token, body: { model: { name: 'x' } } }), 404);
    expectError(await call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, raw: '{', headers: { 'content-type': 'application/json' } }), 400);
    expectError(await call(`/ai-models/${id}`, { method: 'PUT', token: acme.token, raw: '{}', headers: { 'content-type': 'text/plain' } }), 415);
    expect((await call(`/ai-models/${foreign.id}`, { token: other.token })).body.data.version).toBe(1);
  });
});

describe('DELETE /ai-models/{id}', () => {
  it('answers 409 naming the agents that use the model, then deletes once they are gone', async () => {
    const { id } = await create(acme);
    const agentId = await createAgent(acme, id, { name: 'Model user' });
    const conflict = await call(`/ai-models/${id}`, { method: 'DELETE', token: acme.token });
    expectError(conflict, 409);
    expect(conflict.body.message).toContain('Model user');
    expect((await call(`/agents/${agentId}`, { method: 'DELETE', token: acme.token })).status).toBe(200);
    const res = await call(`/ai-models/${id}`, { method: 'DELETE', token: acme.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK', data: { id } });
    expectError(await call(`/ai-models/${id}`, { token: acme.token }), 404);
    expectError(await call(`/ai-models/${id}`, { method: 'DELETE', token: acme.token }), 404);
  });

  it('answers 404 for another company\'s model and 403 for another company\'s environment', async () => {
    const [{ id }, foreign] = await Promise.all([create(acme), create(other)]);
    expectError(await call(`/ai-models/${foreign.id}`, { method: 'DELETE', token: acme.token }), 404);
    expectError(await call(`/ai-models/${id}?company=${other.id}`, { method: 'DELETE', token: acme.token }), 403);
    expect((await call(`/ai-models/${foreign.id}`, { token: other.token })).status).toBe(200);
    expect((await call(`/ai-models/${id}`, { token: acme.token })).status).toBe(200);
  });
});

describe('GET /ai-models/providers', () => {
  it('answers the provider list with each apikey rule', async () => {
    const res = await call('/ai-models/providers', { token: acme.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.data).toHaveLength(10);
    for (const p of res.body.data) expect(Object.keys(p).sort()).toEqual(['apikey', 'key', 'name']);
    const rules = Object.fromEntries(res.body.data.map((p: { key: string; apikey: string }) => [p.key, p.apikey]));
    expect(rules).toEqual(Object.fromEntries([...REQUIRED.map((k) => [k, 'required']), ...FORBIDDEN.map((k) => [k, 'forbidden'])]));
  });
});

describe('credentials and methods', () => {
  it('every model endpoint answers 401 without a credential', async () => {
    const { id } = await create(acme);
    const requests: [string, string][] = [
      ['GET', '/ai-models'],
      ['POST', '/ai-models'],
      ['GET', `/ai-models/${id}`],
      ['PUT', `/ai-models/${id}`],
      ['DELETE', `/ai-models/${id}`],
      ['GET', '/ai-models/providers'],
      ['GET', '/ai-models/history'],
      ['GET', `/ai-models/${id}/history`],
    ];
    const responses = await Promise.all(requests.map(([method, path]) => call(path, { method, body: method === 'GET' ? undefined : {} })));
    for (const res of responses) expectError(res, 401);
    expectError(await getWithBody('/ai-models', { body: withEnvironment({ company: acme.id }) }), 401);
    expect((await call(`/ai-models/${id}`, { token: acme.token })).status).toBe(200);
  });

  it('answers 405 for a method a route does not have', async () => {
    const res = await call('/ai-models', { method: 'PATCH', token: acme.token, body: {} });
    expectError(res, 405);
    expect(res.headers.get('allow')).toBe('GET, POST');
    expectError(await call('/ai-models/providers', { method: 'POST', token: acme.token, body: {} }), 405);
  });
});
