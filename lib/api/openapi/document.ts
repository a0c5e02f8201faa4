// The OpenAPI 3.1 document of the API, generated from the registry (./operations.ts) and the zod
// schemas the routes validate with, so it cannot drift from them. Built once per process.
import { z, type ZodType } from 'zod';
import { COMPONENT_REGISTRIES } from './components';
import { errorEnvelope } from './envelopes';
import { OPERATIONS, type Operation } from './operations';

type JsonSchema = Record<string, unknown>;

/** The named schemas met so far (`components.schemas`), filled by jsonSchema(). */
type Components = Record<string, JsonSchema>;

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): `input` for requests, `output` for
 * answers. The named schemas it contains (./components.ts) become `$ref`s, their one copy added to
 * `components`.
 */
export function jsonSchema(schema: ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', metadata: COMPONENT_REGISTRIES[io] });
  const { $schema: _dialect, $defs, ...rest } = JSON.parse(JSON.stringify(generated).replaceAll('"#/$defs/', `"${COMPONENT_PREFIX}`)) as JsonSchema & {
    $defs?: Components;
  };
  for (const [name, def] of Object.entries($defs ?? {})) {
    const known = components[name];
    if (known && JSON.stringify(known) !== JSON.stringify(def)) throw new Error(`OpenAPI: two different schemas named ${name}`);
    components[name] = def;
  }
  return rest;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** The shared error answers (`components.responses`), each the error envelope: `$ref`ed by the operations. */
const ERROR_RESPONSES: Record<string, { status: number | 'default'; description: string }> = {
  BadRequest: { status: 400, description: 'Invalid JSON, fields or query parameters (`errors[]` names each field by its dotted path)' },
  Unauthorized: { status: 401, description: 'Missing, invalid or expired credential' },
  Forbidden: { status: 403, description: '`environment.company` is not the company of the credential' },
  NotFound: { status: 404, description: 'Unknown id (the ids of other companies too)' },
  Conflict: { status: 409, description: 'Conflict (stale If-Match version, a request with the same Idempotency-Key still running, already set up)' },
  Unprocessable: { status: 422, description: 'The Idempotency-Key was already used for a different request' },
  TooLarge: { status: 413, description: 'Body too large' },
  UnsupportedMediaType: { status: 415, description: 'Body is not JSON (or not multipart/form-data for an upload)' },
  TooManyRequests: { status: 429, description: 'Too many wrong credentials; see the retry-after header' },
  Unavailable: { status: 503, description: 'Not ready: the database does not answer' },
  Error: { status: 'default', description: 'Any other failure (405 method, 429, 500 …), always in the error envelope' },
};

const errorResponseRef = (status: number | 'default') => {
  const name = Object.entries(ERROR_RESPONSES).find(([, r]) => r.status === status)?.[0] ?? 'Error';
  return { $ref: `#/components/responses/${name}` };
};

/** The error statuses an operation documents: from its credential, body, query and path, plus its own list. */
export function errorStatuses(operation: Operation): number[] {
  const statuses = new Set(operation.errors ?? []);
  if (operation.body || operation.query || operation.upload) statuses.add(400);
  if (operation.body || operation.upload) {
    statuses.add(413);
    statuses.add(415);
  }
  if (operation.auth !== 'none') statuses.add(401);
  if (operation.path.includes('{')) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));

function queryParameters(query: Operation['query'], components: Components) {
  if (!query) return [];
  const schema = jsonSchema(query, 'input', components) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const SECURITY: Record<Operation['auth'], Record<string, string[]>[]> = {
  token: [{ accessToken: [] }, { bearer: [] }, { consoleSession: [], consoleHeader: [] }],
  apiKey: [{ apiKey: [] }],
  console: [],
  none: [],
};

function operationObject(operation: Operation, components: Components) {
  const responses = new Map<string, unknown>();
  for (const [status, spec] of Object.entries(operation.responses)) {
    responses.set(status, {
      description: spec.description,
      ...(spec.headers
        ? { headers: Object.fromEntries(Object.entries(spec.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) }
        : {}),
      ...(spec.schema || spec.media || spec.file
        ? {
            content: {
              ...(spec.schema ? { 'application/json': { schema: jsonSchema(spec.schema, 'output', components) } } : {}),
              ...Object.fromEntries(Object.entries(spec.media ?? {}).map(([type, description]) => [type, { schema: { type: 'string', description } }])),
              ...(spec.file ? { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream', description: spec.file } } } : {}),
            },
          }
        : {}),
    });
  }
  for (const status of errorStatuses(operation)) if (!responses.has(String(status))) responses.set(String(status), errorResponseRef(status));
  responses.set('default', errorResponseRef('default'));

  const headerParameters = [
    ...(operation.auth === 'console'
      ? [{ name: 'x-requested-with', in: 'header', required: true, description: 'Must be `console` (CSRF guard of the cookie endpoints).', schema: { const: 'console' } }]
      : []),
    ...(operation.headers ?? []).map((h) => ({ name: h.name, in: 'header', required: h.required ?? false, description: h.description, schema: { type: 'string' } })),
  ];
  const parameters = [...pathParameters(operation.path), ...queryParameters(operation.query, components), ...headerParameters];

  let requestBody: unknown;
  if (operation.body) {
    requestBody = {
      required: operation.body.required ?? true,
      ...(operation.body.description ? { description: operation.body.description } : {}),
      content: { 'application/json': { schema: jsonSchema(operation.body.schema, 'input', components) } },
    };
  } else if (operation.upload) {
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [operation.upload.field]: { type: 'string', contentMediaType: 'application/octet-stream', description: operation.upload.description } },
            required: [operation.upload.field],
          },
        },
      },
    };
  }

  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    operationId: `${operation.method.toLowerCase()}${operation.path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    security: SECURITY[operation.auth],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: Object.fromEntries(responses),
  };
}

const DESCRIPTION = `The management API of the Agent Orchestration Console: agents, squads, tools, knowledge bases and AI models of one company.

**Credentials.** Exchange an API key for tokens at \`GET /authentication/generate-access-token\` (\`authorization: ApiKey <key>\`), then send \`authorization: <idToken>\` (or \`Bearer <idToken>\`). In the console, the session cookie works too (with \`x-requested-with: console\`); "Try it out" on this page uses it.

**Quirks kept from the interface spec, exactly:**
- \`GET /agents\` and \`GET /agents/history\` answer a **bare JSON array**, no envelope.
- The AI-model reads (\`GET /ai-models\`, \`/ai-models/{id}\`, \`/ai-models/history\`, \`/ai-models/{id}/history\`, \`/ai-models/providers\`) answer \`"status": "ok"\` in lower case; everything else \`"OK"\`.
- \`POST /ai-models\` answers the new id at the top level: \`{ "status": "OK", "id": "…" }\`.
- The AI-model reads take a **JSON body on GET** (\`{"environment":{"company","sector"}}\`), or the same values in the query string.
- \`GET /agents/{id}\` wraps the agent: \`data: { "Agent": {…} }\`.

**Errors** always use the envelope \`{ "status": "ERROR", "code": "client/error" | "server/error", "data": null, "message": "…" }\`, with \`errors: [{ path, message }]\` on a validation failure.`;

export function buildOpenApiDocument() {
  const components: Components = {};
  const errorRef = jsonSchema(errorEnvelope, 'output', components);
  if (errorRef.$ref !== ERROR_REF.$ref) throw new Error('OpenAPI: the error envelope is not the Error component');
  const paths = new Map<string, Record<string, unknown>>();
  for (const operation of OPERATIONS) {
    const methods = paths.get(operation.path) ?? {};
    methods[operation.method.toLowerCase()] = operationObject(operation, components);
    paths.set(operation.path, methods);
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Agent Orchestration Console API', version: '1', description: DESCRIPTION },
    servers: [{ url: '/api' }],
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths: Object.fromEntries(paths),
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))) as Components & { Error: JsonSchema },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, { description }]) => [name, { description, content: { 'application/json': { schema: ERROR_REF } } }]),
      ),
      securitySchemes: {
        accessToken: { type: 'apiKey', in: 'header', name: 'authorization', description: 'The idToken as is: `authorization: <idToken>`.' },
        bearer: { type: 'http', scheme: 'bearer', description: '`authorization: Bearer <idToken>`.' },
        apiKey: { type: 'apiKey', in: 'header', name: 'authorization', description: 'Only for generate-access-token: `authorization: ApiKey <API_KEY>`.' },
        consoleSession: { type: 'apiKey', in: 'cookie', name: 'aoc_session', description: "The console's session cookie (set by sign-in)." },
        consoleHeader: { type: 'apiKey', in: 'header', name: 'x-requested-with', description: 'Must be `console` when the session cookie is the credential.' },
      },
    },
  };
}


let cached: string | undefined;

/** The document as JSON text, built on first use and kept. */
export function openApiJson(): string {
  return (cached ??= JSON.stringify(buildOpenApiDocument()));
}
