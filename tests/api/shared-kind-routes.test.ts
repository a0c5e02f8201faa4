// The shared routes of a kind (app/api/[kind], decision 103): a kind without route files of its own
// (tools, knowledge bases) is served by them from its server entry (tools.test.ts and
// knowledge-bases.test.ts prove the answers unchanged); an unknown kind answers exactly as any
// unknown path does, whatever the method, and the role a route needs is its kind's (lib/kinds).
import { beforeAll, describe, expect, it } from 'vitest';
import { createTool } from './factories';
import { call, expectError, newCompany, type TestCompany } from './helpers';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

let acme: TestCompany;

beforeAll(async () => {
  acme = await newCompany();
});

describe('an unknown kind', () => {
  it('answers as an unknown path: 401 without a credential, else the same 404 envelope for every method', async () => {
    // Only the catch-all (app/api/[...path]) serves this path: the answer every unknown path gives.
    const reference = await call('/nope/x/y/z', { token: acme.token });
    expectError(reference, 404);
    expect(reference.body.message).toBe('No such endpoint');
    for (const path of ['/nope', '/nope/c000000000000000000000000', '/nope/history', '/constructor', '/__proto__/x', '/nope/x/usage', '/nope/x/versions']) {
      for (const method of METHODS) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : { tool: { name: 'x' } };
        expectError(await call(path, { method, body }), 401);
        const res = await call(path, { method, token: acme.token, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.text, `${method} ${path}`).toBe(reference.text);
        expect(res.headers.get('allow'), `${method} ${path}`).toBeNull();
      }
    }
  });
});

describe('a kind on the shared routes', () => {
  it('answers 405 with Allow for a method its routes lack', async () => {
    for (const [path, allow] of [
      ['/tools', 'GET, POST'],
      ['/knowledge-bases/x', 'GET, PUT, DELETE'],
      ['/tools/history', 'GET'],
    ] as const) {
      const res = await call(path, { method: 'PATCH', token: acme.token });
      expectError(res, 405);
      expect(res.headers.get('allow'), path).toBe(allow);
    }
  });

  it('creates, reads, updates, lists, tells the history of and deletes through its server entry', async () => {
    const id = await createTool(acme, { name: 'Shared route tool', description: 'd' });
    const read = await call(`/tools/${id}`, { token: acme.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, name: 'Shared route tool' });
    expect(read.headers.get('etag')).toBe('"1"');
    const updated = await call(`/tools/${id}`, { method: 'PUT', token: acme.token, body: { description: 'e' }, headers: { 'if-match': '"1"' } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data.description).toBe('e');
    expect(updated.headers.get('etag')).toBe('"2"');
    const stale = await call(`/tools/${id}`, { method: 'DELETE', token: acme.token, headers: { 'if-match': '"1"' } });
    expectError(stale, 409);
    const list = await call('/tools', { token: acme.token });
    expect(list.body.data.map((t: { id: string }) => t.id)).toContain(id);
    const history = await call('/tools/history', { token: acme.token });
    expect(history.body.data.items.filter((i: { resourceId: string }) => i.resourceId === id).map((i: { version: number }) => i.version)).toEqual([2, 1]);
    const deleted = await call(`/tools/${id}`, { method: 'DELETE', token: acme.token, headers: { 'if-match': '"2"' } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id });
    expectError(await call(`/tools/${id}`, { token: acme.token }), 404);
  });
});
