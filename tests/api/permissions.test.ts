// The permission matrix (D11, issue 19): every declared method of every route under app/api,
// called as owner, admin, editor, viewer, a sector-limited editor and a viewer-role API key.
// Expectations are generated from the one table (lib/kinds/access.ts), and a hand-written table
// of spot checks guards the generator: a wrong table cannot pass itself.
//
// Every call is made so that an allowed caller changes nothing: ids that do not exist (404 after
// the role check), bodies that fail validation (400 after it). D11's order (role 403 before
// 415/413/400 and 404) is what makes a 403 here the role check's and nothing else's.
import { beforeAll, describe, expect, it } from 'vitest';
import { atLeast, roleNeeded, ROUTE_NEEDS, type Need, type Role } from '@/lib/kinds/access';
import { KINDS } from '@/lib/kinds';
import { call, newCompany, type ApiResponse, type TestCompany } from './helpers';

type Caller = { name: string; role: Role; token: string };
const ROLE_REFUSAL = /needs the (viewer|editor|admin|owner) role/;
const MISSING = 'c000000000000000000000000'; // a well-formed id no row has

let company: TestCompany;
const callers = new Map<string, Caller>();

async function person(role: Role, sectors: string[] = []): Promise<string> {
  const { db, transaction } = await import('@/lib/server/db');
  const { issueTokens } = await import('@/lib/server/auth/tokens');
  const email = `${role}-${sectors.join('-') || 'all'}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const user = await db().user.create({ data: { companyId: company.id, name: `The ${role}`, email, passwordHash: 'not-used', role, sectors } });
  const tokens = await transaction((tx) => issueTokens(tx, { companyId: company.id, userId: user.id }));
  return tokens.idToken;
}

async function key(role: Role): Promise<string> {
  const { db } = await import('@/lib/server/db');
  const { sha256 } = await import('@/lib/server/crypto');
  const secret = `aok_matrix${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  await db().apiKey.create({ data: { companyId: company.id, name: `${role} key`, prefix: secret.slice(0, 10), hash: sha256(secret), role } });
  const res = await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${secret}` } });
  expect(res.status).toBe(200);
  return res.body.data.idToken;
}

beforeAll(async () => {
  company = await newCompany();
  callers.set('owner', { name: 'owner', role: 'owner', token: await person('owner') });
  callers.set('admin', { name: 'admin', role: 'admin', token: await person('admin') });
  callers.set('editor', { name: 'editor', role: 'editor', token: await person('editor') });
  callers.set('viewer', { name: 'viewer', role: 'viewer', token: await person('viewer') });
  callers.set('limited editor', { name: 'limited editor', role: 'editor', token: await person('editor', ['support']) });
  callers.set('viewer key', { name: 'viewer key', role: 'viewer', token: await key('viewer') });
});

type Case = { folder: string; method: string; path: string; role: Role };

/** Every authenticated (folder, method) with a concrete path; `[kind]` routes once per kind. */
function cases(): Case[] {
  const out: Case[] = [];
  for (const [folder, methods] of Object.entries(ROUTE_NEEDS)) {
    for (const [method, need] of Object.entries(methods) as [string, Need][]) {
      if (need === 'public') continue;
      const kinds = folder.includes('[kind]') ? KINDS.map((k) => k.key) : [undefined];
      for (const kind of kinds) {
        const path = `/${folder}`
          .replace('[kind]', kind ?? '')
          .replace('[id]', MISSING)
          .replace('[n]', '1')
          .replace('[...path]', 'no-such-route');
        out.push({ folder, method, path, role: roleNeeded(need, kind) });
      }
    }
  }
  return out;
}

const send = (c: { method: string; path: string }, token: string): Promise<ApiResponse> =>
  call(c.path, {
    method: c.method,
    token,
    // Invalid on purpose (400 after the role check), and a stale If-Match where one is honoured.
    ...(c.method === 'GET' || c.method === 'DELETE' ? {} : { body: { 'not-a-field': true } }),
    headers: { 'if-match': '"999999"' },
  });

function expectOutcome(res: ApiResponse, allowed: boolean, label: string) {
  if (allowed) {
    const refusedByRole = res.status === 403 && ROLE_REFUSAL.test(res.body?.message ?? '');
    expect(refusedByRole, `${label}: allowed, got ${res.status} ${res.text.slice(0, 200)}`).toBe(false);
    expect([401, 405, 500], `${label}: ${res.status} ${res.text.slice(0, 200)}`).not.toContain(res.status);
    if (!label.includes('no-such-route')) expect(res.body?.message, `${label}: the route exists`).not.toBe('No such endpoint');
  } else {
    expect(res.status, `${label}: refused, got ${res.status} ${res.text.slice(0, 200)}`).toBe(403);
    expect(res.body?.message, label).toMatch(ROLE_REFUSAL);
    expect(res.body?.data, label).toBeNull();
  }
}

describe('permission matrix, generated from lib/kinds/access.ts', () => {
  const all = cases();
  it('covers every authenticated route', () => expect(all.length).toBeGreaterThan(60));

  for (const name of ['owner', 'admin', 'editor', 'viewer', 'limited editor', 'viewer key']) {
    it(`as ${name}`, async () => {
      const caller = callers.get(name)!;
      for (const c of all) {
        const res = await send(c, caller.token);
        expectOutcome(res, atLeast(caller.role, c.role), `${name} ${c.method} ${c.path}`);
      }
    }, 300_000);
  }
});

// [caller, method, path, allowed] — written by hand from D11's prose, not from the table.
const SPOT_CHECKS: [string, string, string, boolean][] = [
  ['viewer', 'GET', '/agents', true],
  ['viewer', 'POST', '/agents', false],
  ['viewer', 'PUT', `/agents/${MISSING}`, false],
  ['viewer', 'DELETE', `/agents/${MISSING}`, false],
  ['viewer', 'PUT', `/agents/${MISSING}/enable`, false],
  ['viewer', 'GET', `/agents/${MISSING}`, true],
  ['viewer', 'GET', '/agents/history', true],
  ['viewer', 'GET', `/squads/${MISSING}/bundle`, true],
  ['viewer', 'POST', '/bundles/import', false],
  ['viewer', 'GET', '/ai-models/providers', true],
  ['viewer', 'GET', '/tools/availables', true],
  ['viewer', 'POST', `/tools/${MISSING}/versions/1/restore`, false],
  ['viewer', 'GET', `/tools/${MISSING}/versions`, true],
  ['viewer', 'GET', `/knowledge-bases/${MISSING}/usage`, true],
  ['viewer', 'PUT', `/knowledge-bases/${MISSING}/file`, false],
  ['viewer', 'GET', '/members', true],
  ['viewer', 'PUT', `/members/${MISSING}`, false],
  ['viewer', 'GET', '/api-keys', false],
  ['viewer', 'GET', '/activity', false],
  ['viewer', 'PUT', '/session/profile', true],
  ['viewer key', 'POST', '/squads', false],
  ['viewer key', 'GET', '/squads', true],
  ['viewer key', 'POST', '/api-keys', false],
  ['editor', 'POST', '/agents', true],
  ['editor', 'DELETE', `/squads/${MISSING}`, true],
  ['editor', 'POST', '/bundles/import', true],
  ['editor', 'PUT', `/knowledge-bases/${MISSING}/file`, true],
  ['editor', 'POST', `/ai-models/${MISSING}/versions/1/restore`, true],
  ['editor', 'GET', '/api-keys', false],
  ['editor', 'POST', '/invitations', false],
  ['editor', 'DELETE', `/members/${MISSING}`, false],
  ['editor', 'GET', '/activity', false],
  ['editor', 'PUT', '/company', false],
  ['limited editor', 'POST', '/tools', true],
  ['limited editor', 'GET', '/invitations', false],
  ['admin', 'GET', '/api-keys', true],
  ['admin', 'POST', '/invitations', true],
  ['admin', 'DELETE', `/invitations/${MISSING}`, true],
  ['admin', 'PUT', `/members/${MISSING}`, true],
  ['admin', 'GET', '/activity', true],
  ['admin', 'PUT', '/company', false],
  ['admin', 'POST', `/api-keys/${MISSING}/roll`, true],
  ['owner', 'PUT', '/company', true],
  ['owner', 'DELETE', `/members/${MISSING}`, true],
  ['owner', 'GET', '/activity', true],
];

describe('permission spot checks, written by hand', () => {
  it('has at least 40', () => expect(SPOT_CHECKS.length).toBeGreaterThanOrEqual(40));

  it('agree with the generated table', () => {
    const table = new Map(cases().map((c) => [`${c.method} ${c.path}`, c.role]));
    for (const [name, method, path, allowed] of SPOT_CHECKS) {
      const role = table.get(`${method} ${path}`);
      expect(role, `${method} ${path} is declared`).toBeDefined();
      expect(atLeast(callers.get(name)!.role, role!), `${name} ${method} ${path}`).toBe(allowed);
    }
  });

  it('hold on the server', async () => {
    for (const [name, method, path, allowed] of SPOT_CHECKS) {
      const res = await send({ method, path }, callers.get(name)!.token);
      expectOutcome(res, allowed, `${name} ${method} ${path}`);
    }
  }, 120_000);

  it('a refusal changes nothing and names the role', async () => {
    const before = await call('/tools', { token: callers.get('owner')!.token });
    const res = await call('/tools', { method: 'POST', token: callers.get('viewer')!.token, body: { tool: { name: 'x' } } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 'ERROR', code: 'client/error', data: null });
    expect(res.body.message).toMatch(/editor role/);
    const after = await call('/tools', { token: callers.get('owner')!.token });
    expect(after.text).toBe(before.text);
  });

  it('checks the credential before the role, and the method before the role', async () => {
    expect((await call('/api-keys', { token: null })).status).toBe(401);
    const wrongMethod = await call('/api-keys', { method: 'PATCH', token: callers.get('viewer')!.token });
    expect(wrongMethod.status).toBe(405);
  });
});
