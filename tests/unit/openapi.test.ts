// The OpenAPI document (lib/api/openapi): a valid OpenAPI 3.1 document, an entry for every method
// of every route file under app/api (and no entry without one), the spec's quirks stated exactly,
// and every schema usable by the response check of the API tests (ajv, JSON Schema 2020-12).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, openApiJson } from '@/lib/api/openapi/document';
import { matchOperation } from '@/lib/api/openapi/match';
import { OPERATIONS } from '@/lib/api/openapi/operations';
import { KINDS } from '@/lib/kinds';
import { responseProblem } from '../api/response-check';
import type { LooseJson } from '../api/helpers';

const API_DIR = path.resolve(__dirname, '../../app/api');
/** The catch-all that answers 404 for any unknown path: not an operation. */
const CATCH_ALL = '[...path]/route.ts';

function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

/**
 * `app/api/agents/[id]/enable/route.ts` → `/agents/{id}/enable`; a route of every kind
 * (`app/api/[kind]/[id]/usage/route.ts`) → one path per kind of the registry (lib/kinds) that has
 * no route file of its own at that path (Next matches `app/api/agents/route.ts` first).
 */
const templatesOf = (file: string): string[] => {
  const folders = path.relative(API_DIR, path.dirname(file)).split(path.sep);
  const template = '/' + folders.map((segment) => segment.replace(/^\[(\w+)\]$/, '{$1}')).join('/');
  if (folders[0] !== '[kind]') return [template];
  return KINDS.filter((k) => !existsSync(path.join(API_DIR, k.key, ...folders.slice(1), 'route.ts'))).map((k) => template.replace('{kind}', k.key));
};

/**
 * The methods a route file implements: the keys of the handler object given to defineRoute /
 * definePublicRoute (`GET: async …`). Every file exports all five names (the others answer 405),
 * so the exports themselves say nothing.
 */
function implementedMethods(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const call = code.slice(code.search(/define(Public)?Route\s*(<[^>]*>)?\s*\(/));
  return [...new Set([...call.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\s*:/g)].map((m) => m[1]))].sort();
}

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(openApiJson()));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator does refuse a broken document (a response without its description).
    const broken = JSON.parse(openApiJson());
    delete broken.paths['/agents'].get.responses['200'].description;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('has an operation for every method of every route file, and none without one', () => {
    const files = routeFiles().filter((file) => !file.endsWith(path.join(CATCH_ALL)));
    expect(files.length).toBeGreaterThan(20);
    const routed = new Set<string>();
    const missing: string[] = [];
    for (const file of files) {
      const methods = implementedMethods(readFileSync(file, 'utf8'));
      expect(methods.length, `${path.relative(process.cwd(), file)}: no handler found`).toBeGreaterThan(0);
      for (const method of methods) {
        for (const template of templatesOf(file)) {
          const key = `${method} ${template}`;
          routed.add(key);
          if (!OPERATIONS.some((o) => `${o.method} ${o.path}` === key)) missing.push(`${key}  (${path.relative(process.cwd(), file)})`);
        }
      }
    }
    const extra = OPERATIONS.map((o) => `${o.method} ${o.path}`).filter((key) => !routed.has(key));
    expect(missing, `operations missing from lib/api/openapi/operations.ts:\n${missing.join('\n')}`).toEqual([]);
    expect(extra, 'entries in lib/api/openapi/operations.ts with no route file').toEqual([]);
    const keys = OPERATIONS.map((o) => `${o.method} ${o.path}`);
    expect(new Set(keys).size, 'duplicate entries').toBe(keys.length);
  });

  it('reads the handler keys of a route file, not its comments or exports', () => {
    expect(
      implementedMethods(`// GET: not this\nexport const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>({\n  PUT: async () => x,\n  DELETE: async () => y,\n});`),
    ).toEqual(['DELETE', 'PUT']);
  });

  it('states the quirks of the spec exactly', () => {
    const schemaOf = (p: string, method: string, status: string) =>
      (document.paths[p][method] as { responses: Record<string, { content: { 'application/json': { schema: LooseJson } } }> }).responses[status].content[
        'application/json'
      ].schema;
    // Bare arrays.
    expect(schemaOf('/agents', 'get', '200').type).toBe('array');
    expect(schemaOf('/agents/history', 'get', '200').type).toBe('array');
    // "ok" on the AI-model reads, "OK" elsewhere.
    for (const p of ['/ai-models', '/ai-models/{id}', '/ai-models/history', '/ai-models/{id}/history', '/ai-models/providers']) {
      expect(schemaOf(p, 'get', '200').properties.status.const, p).toBe('ok');
    }
    expect(schemaOf('/ai-models/{id}', 'put', '200').properties.status.const).toBe('OK');
    expect(schemaOf('/tools', 'get', '200').properties.status.const).toBe('OK');
    // Top-level id.
    const created = schemaOf('/ai-models', 'post', '201');
    expect(created.required.sort()).toEqual(['id', 'status']);
    expect(created.properties.data).toBeUndefined();
    // GET bodies, with the query alternative.
    for (const p of ['/ai-models', '/ai-models/{id}', '/ai-models/history', '/ai-models/{id}/history']) {
      const get = document.paths[p].get as { requestBody?: { required: boolean; content: Record<string, { schema: LooseJson }> }; parameters: { name: string; in: string }[] };
      expect(get.requestBody?.required, p).toBe(false);
      expect(get.requestBody?.content['application/json'].schema.properties.environment.properties).toHaveProperty('company');
      expect(get.parameters.filter((q) => q.in === 'query').map((q) => q.name), p).toEqual(expect.arrayContaining(['company', 'sector']));
    }
    // The error envelope.
    const error = document.components.schemas.Error as LooseJson;
    expect(error.properties.status.const).toBe('ERROR');
    expect(error.properties.data.type).toBe('null');
    expect(error.properties.errors.items.$ref).toBe('#/components/schemas/FieldError');
    expect((document.components.schemas.FieldError as LooseJson).required).toEqual(['path', 'message']);
    // A delete refused while in use: the envelope plus `dependents`.
    const inUse = document.components.schemas.InUseError as LooseJson;
    expect(inUse.required).toContain('dependents');
    expect(inUse.properties.dependents.items.$ref).toBe('#/components/schemas/DependentRef');
    // …or, with a stale If-Match (decision 050), the plain error envelope.
    for (const p of ['/agents/{id}', '/tools/{id}', '/knowledge-bases/{id}', '/ai-models/{id}']) {
      expect(schemaOf(p, 'delete', '409').anyOf.map((s: LooseJson) => s.$ref), p).toEqual(['#/components/schemas/InUseError', '#/components/schemas/Error']);
    }
  });

  it('documents the credentials: none for health, the document and credential issuing; tokens elsewhere', () => {
    const open = OPERATIONS.filter((o) => o.auth === 'none').map((o) => `${o.method} ${o.path}`);
    expect(open).toEqual(
      expect.arrayContaining(['GET /health', 'GET /health/ready', 'GET /openapi.json', 'POST /authentication/refresh-token', 'GET /session/setup']),
    );
    expect(OPERATIONS.find((o) => o.path === '/authentication/generate-access-token')?.auth).toBe('apiKey');
    expect(OPERATIONS.find((o) => o.path === '/agents' && o.method === 'GET')?.auth).toBe('token');
  });

  it('compiles every response schema with ajv (JSON Schema 2020-12)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const [name, schema] of Object.entries(document.components.schemas)) ajv.addSchema(schema, `#/components/schemas/${name}`);
    for (const name of Object.keys(document.components.schemas)) expect(ajv.getSchema(`#/components/schemas/${name}`), name).toBeTypeOf('function');
    let count = 0;
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item) as { responses: Record<string, { content?: Record<string, { schema: object }> }> }[]) {
        for (const response of Object.values(operation.responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (schema && !('$ref' in schema)) {
            ajv.compile(schema);
            count++;
          }
        }
      }
    }
    expect(count).toBeGreaterThanOrEqual(OPERATIONS.length);
  });

  it('matches request paths to operations as the router does', () => {
    const key = (m: string, p: string) => {
      const { operation } = matchOperation(m, p);
      return operation && `${operation.method} ${operation.path}`;
    };
    expect(key('GET', '/agents/history')).toBe('GET /agents/history');
    expect(key('GET', '/agents/abc?x=1')).toBe('GET /agents/{id}');
    expect(key('PUT', '/agents/abc/enable')).toBe('PUT /agents/{id}/enable');
    expect(key('PUT', '/agents/history')).toBeNull();
    expect(matchOperation('PUT', '/agents/history').pathKnown).toBe(true);
    expect(matchOperation('GET', '/nothing/here').pathKnown).toBe(false);
  });
});

describe('response check of the API tests (tests/api/response-check.ts)', () => {
  const agent = {
    id: 'a1', name: 'A', enabled: true, model: 'm1', auto: false, reasoning: true, publisher: 'p', temperature: 0.5, role: 'r', objective: 'o',
    referencies: 'x', 'can.delegate': false, can_code: false, multimodal: false, sectors: [], tools: [], knowledgeBases: [],
    createdAt: '2026-01-02T03:04:05.678Z', updatedAt: '2026-01-02T03:04:05.678Z',
  };
  const text = (value: unknown) => JSON.stringify(value);

  it('takes answers that match', () => {
    expect(responseProblem('GET', '/agents', 200, text([agent]))).toBeNull();
    expect(responseProblem('GET', '/agents/a1?x=1', 200, text({ status: 'OK', data: { Agent: agent } }))).toBeNull();
    expect(responseProblem('POST', '/ai-models', 201, text({ status: 'OK', id: 'm1' }))).toBeNull();
    expect(responseProblem('GET', '/agents/a1', 404, text({ status: 'ERROR', code: 'client/error', data: null, message: 'Agent not found' }))).toBeNull();
    expect(responseProblem('TRACE', '/agents', 405, text({ status: 'ERROR', code: 'client/error', data: null, message: 'no' }))).toBeNull();
    expect(responseProblem('HEAD', '/agents', 200, '')).toBeNull();
  });

  it('names what does not', () => {
    expect(responseProblem('GET', '/agents', 200, text({ status: 'OK', data: [agent] }))).toMatch(/must be array/);
    expect(responseProblem('GET', '/ai-models/providers', 200, text({ status: 'OK', data: [] }))).toMatch(/status must be equal to constant/);
    expect(responseProblem('GET', '/agents/a1', 200, text({ status: 'OK', data: { Agent: { ...agent, apikey: 'sk' } } }))).toMatch(/additional properties "apikey"/);
    expect(responseProblem('GET', '/agents/a1', 200, text({ status: 'OK', data: { Agent: { ...agent, createdAt: 'yesterday' } } }))).toMatch(/createdAt must match pattern/);
    expect(responseProblem('GET', '/agents', 201, '[]')).toMatch(/not documented/);
    expect(responseProblem('GET', '/agents/a1', 404, text({ status: 'ERROR', message: 'x' }))).toMatch(/required property/);
    expect(responseProblem('GET', '/no/such/path', 200, '{}')).toMatch(/no operation/);
    expect(responseProblem('GET', '/agents', 200, '<html>')).toMatch(/not JSON/);
  });
});
