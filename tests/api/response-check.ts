// Every answer of the API test suite checked against the OpenAPI document (lib/api/openapi): the
// request helpers (helpers.ts) hand each response here; a mismatch is appended to
// <dataDir>/schema-mismatches.log, and the global teardown fails the run listing them.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { expect, inject } from 'vitest';
import { buildOpenApiDocument } from '@/lib/api/openapi/document';
import { matchOperation } from '@/lib/api/openapi/match';

/** Read by global-setup.ts at the end of the run. */
export const MISMATCH_FILE = 'schema-mismatches.log';

type Doc = ReturnType<typeof buildOpenApiDocument>;
type ResponseObject = { content?: Record<string, { schema: object }> } | { $ref: string };

/** A response as written, or the shared one (`components.responses`) it refers to. */
function resolved(document: Doc, response: ResponseObject): { content?: Record<string, { schema: object }> } {
  if (!('$ref' in response)) return response;
  const name = response.$ref.replace('#/components/responses/', '');
  const shared = (document.components.responses as Record<string, { content?: Record<string, { schema: object }> }>)[name];
  if (!shared) throw new Error(`no response ${response.$ref} in the OpenAPI document`);
  return shared;
}

let doc: Doc | undefined;
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function validator(key: string, schema: object): ValidateFunction {
  if (!doc || !ajv) {
    doc = buildOpenApiDocument();
    ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    for (const [name, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(schema, `#/components/schemas/${name}`);
  }
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' };

/**
 * Builds the document and compiles every response schema up front (tests/api/setup-db.ts, before
 * a file's tests), so that no check compiles in the middle of a timed request.
 */
export function prepareResponseCheck(): void {
  doc ??= buildOpenApiDocument();
  validator('error', ERROR_SCHEMA);
  for (const [apiPath, item] of Object.entries(doc.paths) as [string, Record<string, { responses: Record<string, ResponseObject> }>][]) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = resolved(doc, response).content?.['application/json']?.schema;
        if (schema) validator(`${method.toUpperCase()} ${apiPath} ${status}`, schema);
      }
    }
  }
}

/** Why an answer does not match the document, or null when it does. `apiPath` is the path under /api. */
export function responseProblem(method: string, apiPath: string, status: number, text: string): string | null {
  if (method.toUpperCase() === 'HEAD') return null; // no body by definition
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${JSON.stringify(text.slice(0, 80))}`;
  }
  doc ??= buildOpenApiDocument();
  const { operation } = matchOperation(method, apiPath);
  let key: string;
  let schema: object;
  if (operation) {
    const responses = (doc.paths[operation.path] as Record<string, { responses: Record<string, ResponseObject> }>)[operation.method.toLowerCase()].responses;
    const written = responses[String(status)] ?? (status >= 400 ? responses.default : undefined);
    const response = written && resolved(doc, written);
    if (!response) return `status ${status} is not documented for ${operation.method} ${operation.path}`;
    key = `${operation.method} ${operation.path} ${responses[String(status)] ? status : 'default'}`;
    const content = response.content?.['application/json'];
    if (!content) return `a JSON body where ${operation.method} ${operation.path} documents none for ${status}`;
    schema = content.schema;
  } else {
    // No route answers this method on this path: the catch-all 404 or the 405 of the route.
    if (status < 400) return `${status} from a path and method with no operation`;
    key = 'error';
    schema = ERROR_SCHEMA;
  }
  const validate = validator(key, schema);
  if (validate(body)) return null;
  return (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` "${String(e.params.additionalProperty)}"` : ''}`)
    .join('; ');
}

/** Checks one answer and records a mismatch (never throws: the teardown reports them all). */
export function checkResponse(method: string, apiPath: string, status: number, text: string): void {
  const problem = responseProblem(method, apiPath, status, text);
  if (!problem) return;
  let test = '';
  try {
    test = expect.getState().currentTestName ?? '';
  } catch {
    /* outside a test */
  }
  const line = JSON.stringify({ method, path: apiPath.split('?')[0].slice(0, 200), status, problem, test });
  appendFileSync(path.join(inject('dataDir'), MISMATCH_FILE), `${line}\n`);
}
