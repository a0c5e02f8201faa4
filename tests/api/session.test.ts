// The console's session (D3): first-run setup, password sign-in into httpOnly cookies that only
// count with the `x-requested-with: console` header, refresh rotation, sign-out; and the API
// key management the settings page uses.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { agentBody, createModel } from './factories';
import { baseUrl, call, errorPaths, expectError, newCompany, type ApiResponse, type TestCompany } from './helpers';

const CONSOLE = { 'x-requested-with': 'console' };
const PASSWORD = 'a long enough password';

let n = 0;
const uniqueEmail = () => `person-${Date.now().toString(36)}-${++n}@example.test`;

type Person = { id: string; name: string; email: string; company: TestCompany };

/** A company (with an API key and token) and a person of it, created in the server's database. */
async function newPerson(email = uniqueEmail()): Promise<Person> {
  const company = await newCompany();
  const { db } = await import('@/lib/server/db');
  const { hashPassword } = await import('@/lib/server/crypto');
  const name = `Person ${n}`;
  const user = await db().user.create({ data: { companyId: company.id, name, email, passwordHash: await hashPassword(PASSWORD) } });
  return { id: user.id, name, email, company };
}

type Cookie = { name: string; value: string; attributes: Record<string, string | true> };

function cookiesOf(res: ApiResponse): Record<string, Cookie> {
  const out: Record<string, Cookie> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(';').map((s) => s.trim());
    const [name, ...value] = pair.split('=');
    const attributes: Record<string, string | true> = {};
    for (const attr of attrs) {
      const [key, ...v] = attr.split('=');
      attributes[key.toLowerCase()] = v.length ? v.join('=') : true;
    }
    out[name] = { name, value: decodeURIComponent(value.join('=')), attributes };
  }
  return out;
}

type Session = { access: string; refresh: string };

const cookieHeader = (s: Partial<Session>) =>
  [s.access && `aoc_session=${encodeURIComponent(s.access)}`, s.refresh && `aoc_refresh=${encodeURIComponent(s.refresh)}`].filter(Boolean).join('; ');

/** A call as the console makes it: session cookies plus the console header. */
const asConsole = (path: string, session: Partial<Session>, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  call(path, { ...options, headers: { ...CONSOLE, cookie: cookieHeader(session), ...options.headers } });

function sessionOf(res: ApiResponse): Session {
  const cookies = cookiesOf(res);
  return { access: cookies.aoc_session.value, refresh: cookies.aoc_refresh.value };
}

async function signIn(person: Person): Promise<Session> {
  const res = await call('/session/sign-in', { method: 'POST', headers: CONSOLE, body: { email: person.email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return sessionOf(res);
}

/** A POST from another loopback address (the rate limit counts per address). */
function postFrom(localAddress: string, path: string, body: unknown): Promise<number> {
  const url = new URL(`${baseUrl()}/api${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { ...CONSOLE, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('first-run setup', () => {
  it('reports that setup is done once a company exists, and then refuses it with 409', async () => {
    await newCompany();
    const status = await call('/session/setup');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ status: 'OK', data: { needsSetup: false } });

    const body = { company: 'Second Inc', name: 'Grace Hopper', email: uniqueEmail(), password: PASSWORD };
    const res = await call('/session/setup', { method: 'POST', headers: CONSOLE, body });
    expect(expectError(res, 409).message).toMatch(/already set up/);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('validates before it checks for a conflict, and demands the console header', async () => {
    const res = await call('/session/setup', { method: 'POST', headers: CONSOLE, body: { company: ' ', name: 'x', email: 'not-an-email', password: 'short' } });
    expectError(res, 400);
    expect(errorPaths(res).sort()).toEqual(['company', 'email', 'password']);
    expectError(await call('/session/setup', { method: 'POST', body: { company: 'A', name: 'B', email: uniqueEmail(), password: PASSWORD } }), 401);
    expectError(await call('/session/setup', { method: 'POST', headers: CONSOLE, raw: '{"company":' }), 400);
    expectError(await call('/session/setup', { method: 'POST', headers: { ...CONSOLE, 'content-type': 'text/plain' }, raw: '{}' }), 415);
  });
});

describe('POST /session/sign-in', () => {
  it('signs a person in with httpOnly, SameSite=Lax session cookies and answers who they are', async () => {
    const person = await newPerson();
    const res = await call('/session/sign-in', { method: 'POST', headers: CONSOLE, body: { email: ` ${person.email.toUpperCase()} `, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'OK',
      data: {
        user: { id: person.id, name: person.name, email: person.email },
        company: { id: person.company.id, name: person.company.name },
        actor: { kind: 'user', id: person.id, name: person.name },
        role: 'owner',
        sectors: [],
        expiresIn: 3600,
      },
    });
    const cookies = cookiesOf(res);
    expect(cookies.aoc_session.attributes).toEqual({ path: '/', 'max-age': '3600', httponly: true, samesite: 'Lax' });
    expect(cookies.aoc_refresh.attributes).toEqual({ path: '/', 'max-age': String(30 * 24 * 3600), httponly: true, samesite: 'Lax' });
    expect(cookies.aoc_session.value).not.toEqual(cookies.aoc_refresh.value);
    // The tokens are only in the cookies, never in the body.
    expect(res.text).not.toContain(cookies.aoc_session.value);
    expect(res.text).not.toContain(cookies.aoc_refresh.value);
  });

  it('marks the cookies Secure when the request came over https', async () => {
    const person = await newPerson();
    const res = await call('/session/sign-in', { method: 'POST', headers: { ...CONSOLE, 'x-forwarded-proto': 'https' }, body: { email: person.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    const cookies = cookiesOf(res);
    expect(cookies.aoc_session.attributes.secure).toBe(true);
    expect(cookies.aoc_refresh.attributes.secure).toBe(true);
  });

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const person = await newPerson();
    const [wrong, unknown] = await Promise.all([
      call('/session/sign-in', { method: 'POST', headers: CONSOLE, body: { email: person.email, password: 'not the password' } }),
      call('/session/sign-in', { method: 'POST', headers: CONSOLE, body: { email: uniqueEmail(), password: PASSWORD } }),
    ]);
    expect(expectError(wrong, 401)).toEqual(expectError(unknown, 401));
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a request without the console header, and names invalid fields', async () => {
    const person = await newPerson();
    expectError(await call('/session/sign-in', { method: 'POST', body: { email: person.email, password: PASSWORD } }), 401);
    const res = await call('/session/sign-in', { method: 'POST', headers: CONSOLE, body: { email: 'nope', password: '' } });
    expectError(res, 400);
    expect(errorPaths(res).sort()).toEqual(['email', 'password']);
    expectError(await call('/session/sign-in', { method: 'GET', headers: CONSOLE }), 405);
  });

  it('counts wrong passwords toward the rate limit: 429 after more than 20 from one address', async () => {
    const person = await newPerson();
    const address = '127.0.0.4';
    // Twenty accounts, one guess each (password spraying): only the address limit can stop it
    // (one account takes 10 wrong passwords, decision 009).
    for (let i = 0; i < 20; i++) expect(await postFrom(address, '/session/sign-in', { email: uniqueEmail(), password: 'wrong password!' })).toBe(401);
    // From a browser the account does not know, the right password cannot be told apart from a guess.
    expect(await postFrom(address, '/session/sign-in', { email: person.email, password: PASSWORD })).toBe(429);
  });
});

describe('the session cookie', () => {
  it('works only with the console header (CSRF guard)', async () => {
    const person = await newPerson();
    const session = await signIn(person);
    const me = await asConsole('/session', session);
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({
      user: { id: person.id, name: person.name, email: person.email },
      company: { id: person.company.id, name: person.company.name },
      actor: { kind: 'user', id: person.id, name: person.name },
      role: 'owner',
      sectors: [],
    });
    expectError(await call('/session', { headers: { cookie: cookieHeader(session) } }), 401);
    expectError(await call('/agents', { headers: { cookie: cookieHeader(session) } }), 401);
    expectError(await call('/session', { headers: CONSOLE }), 401);
    expect((await asConsole('/agents', session)).status).toBe(200);
  });

  it('GET /session with an API key token answers the key as the actor and no person', async () => {
    const company = await newCompany();
    const res = await call('/session', { token: company.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      user: null,
      company: { id: company.id, name: company.name },
      actor: { kind: 'apiKey', id: company.apiKeyId, name: 'default' },
      role: 'admin',
      sectors: [],
    });
  });

  it('GET /session tells the console the person\'s role and sectors (D11)', async () => {
    const person = await newPerson();
    const { db } = await import('@/lib/server/db');
    await db().user.update({ where: { id: person.id }, data: { role: 'viewer', sectors: ['sales', 'support'] } });
    const me = await asConsole('/session', await signIn(person));
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ user: { id: person.id }, role: 'viewer', sectors: ['sales', 'support'] });
  });

  it('makes history records name the person', async () => {
    const person = await newPerson();
    const session = await signIn(person);
    const model = await createModel(person.company);
    const agent = agentBody(model, { name: 'Named agent', sectors: [] });
    const created = await asConsole('/agents', session, { method: 'POST', body: agent });
    expect(created.status).toBe(201);
    const history = await asConsole('/agents/history', session);
    expect(history.body).toContainEqual(expect.objectContaining({ agentId: created.body.data.id, action: 'created agent', responsible: person.name, responsibleId: person.id }));
  });
});

describe('POST /session/refresh', () => {
  it('rotates the refresh cookie: the new pair works, the old refresh token is refused', async () => {
    const person = await newPerson();
    const first = await signIn(person);
    const res = await asConsole('/session/refresh', { refresh: first.refresh }, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK', data: { expiresIn: 3600 } });
    const second = sessionOf(res);
    expect(second.access).not.toEqual(first.access);
    expect(second.refresh).not.toEqual(first.refresh);
    expect(cookiesOf(res).aoc_session.attributes.httponly).toBe(true);
    expect((await asConsole('/session', { access: second.access })).status).toBe(200);

    const reused = await asConsole('/session/refresh', { refresh: first.refresh }, { method: 'POST' });
    expectError(reused, 401);
    // A refused refresh clears the cookies, so the browser stops sending them.
    expect(cookiesOf(reused).aoc_session.attributes['max-age']).toBe('0');
    expect(cookiesOf(reused).aoc_refresh.attributes['max-age']).toBe('0');
    // The reuse retired the tokens issued from it (decision 009): the session is over.
    expectError(await asConsole('/session/refresh', { refresh: second.refresh }, { method: 'POST' }), 401);
    expectError(await asConsole('/session', { access: second.access }), 401);
  });

  it('needs the refresh cookie and the console header', async () => {
    const person = await newPerson();
    const session = await signIn(person);
    expectError(await asConsole('/session/refresh', {}, { method: 'POST' }), 401);
    expectError(await call('/session/refresh', { method: 'POST', headers: { cookie: cookieHeader(session) } }), 401);
    // The header-less attempt did not use the token up.
    expect((await asConsole('/session/refresh', session, { method: 'POST' })).status).toBe(200);
  });
});

describe('POST /session/sign-out', () => {
  it('retires both tokens and clears the cookies', async () => {
    const person = await newPerson();
    const session = await signIn(person);
    const other = await signIn(person);
    const res = await asConsole('/session/sign-out', session, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK', data: { signedOut: true } });
    const cookies = cookiesOf(res);
    expect(cookies.aoc_session).toMatchObject({ value: '', attributes: { 'max-age': '0', httponly: true } });
    expect(cookies.aoc_refresh).toMatchObject({ value: '', attributes: { 'max-age': '0', httponly: true } });

    expectError(await asConsole('/session', { access: session.access }), 401);
    expectError(await asConsole('/session/refresh', { refresh: session.refresh }, { method: 'POST' }), 401);
    // Another browser of the same person stays signed in.
    expect((await asConsole('/session', { access: other.access })).status).toBe(200);
    // Signing out without a session is harmless.
    expect((await asConsole('/session/sign-out', {}, { method: 'POST' })).status).toBe(200);
    expectError(await call('/session/sign-out', { method: 'POST', headers: { cookie: cookieHeader(other) } }), 401);
  });
});

describe('API keys (/api-keys)', () => {
  it('creates a key shown once, lists it without its secret, and revokes it', async () => {
    const person = await newPerson();
    const session = await signIn(person);

    const created = await asConsole('/api-keys', session, { method: 'POST', body: { name: '  Billing service  ', role: 'editor' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      status: 'OK',
      data: {
        id: expect.any(String),
        name: 'Billing service',
        prefix: expect.any(String),
        role: 'editor',
        sectors: [],
        expiresAt: null,
        createdAt: expect.any(String),
        lastUsedAt: null,
        lastUsedFrom: null,
        revokedAt: null,
        apiKey: expect.stringMatching(/^aok_/),
      },
    });
    const { id, apiKey, prefix } = created.body.data;
    expect(apiKey.startsWith(prefix)).toBe(true);

    const list = await asConsole('/api-keys', session);
    expect(list.status).toBe(200);
    expect(list.body.status).toBe('OK');
    const listed = list.body.data.items.find((k: { id: string }) => k.id === id);
    expect(listed).toEqual({ id, name: 'Billing service', prefix, role: 'editor', sectors: [], expiresAt: null, createdAt: created.body.data.createdAt, lastUsedAt: null, lastUsedFrom: null, revokedAt: null });
    expect(list.text).not.toContain(apiKey);
    // The company's first key (made with the company) is listed too, newest first.
    expect(list.body.data.items.map((k: { id: string }) => k.id)).toEqual([id, person.company.apiKeyId]);

    const issued = await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${apiKey}` } });
    expect(issued.status).toBe(200);
    const token = issued.body.data.idToken;
    const used = (await asConsole('/api-keys', session)).body.data.items.find((k: { id: string }) => k.id === id);
    expect(used.lastUsedAt).toEqual(expect.any(String));

    const revoked = await asConsole(`/api-keys/${id}`, session, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ ...used, revokedAt: expect.any(String) });
    expectError(await call('/agents', { token }), 401);
    expectError(await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${apiKey}` } }), 401);
    // Revoking again is harmless and answers the same record.
    expect((await asConsole(`/api-keys/${id}`, session, { method: 'DELETE' })).body.data.revokedAt).toBe(revoked.body.data.revokedAt);
  });

  it('lets an API key manage keys too (decision: keys and people alike)', async () => {
    const company = await newCompany();
    const created = await call('/api-keys', { method: 'POST', token: company.token, body: { name: 'Made by a program', role: 'viewer' } });
    expect(created.status).toBe(201);
    const list = await call('/api-keys', { token: company.token });
    expect(list.body.data.items.map((k: { name: string }) => k.name)).toEqual(['Made by a program', 'default']);
    expect((await call(`/api-keys/${created.body.data.id}`, { method: 'DELETE', token: company.token })).status).toBe(200);
  });

  it('refuses bad input, unknown ids and other companies’ keys', async () => {
    const [person, other] = await Promise.all([newPerson(), newCompany()]);
    const session = await signIn(person);
    expectError(await call('/api-keys'), 401);
    expectError(await call('/api-keys', { method: 'POST', body: { name: 'x' } }), 401);
    const empty = await asConsole('/api-keys', session, { method: 'POST', body: { name: '   ', role: 'viewer' } });
    expectError(empty, 400);
    expect(errorPaths(empty)).toEqual(['name']);
    expect(errorPaths(await asConsole('/api-keys', session, { method: 'POST', body: {} }))).toEqual(['name', 'role']);
    expectError(await asConsole('/api-keys', session, { method: 'POST', headers: { 'content-type': 'application/json' }, body: undefined, }), 400);
    expectError(await call('/api-keys', { method: 'POST', headers: { ...CONSOLE, cookie: cookieHeader(session) }, raw: '{"name":' }), 400);
    expectError(await call('/api-keys', { method: 'POST', headers: { ...CONSOLE, cookie: cookieHeader(session), 'content-type': 'text/plain' }, raw: 'name' }), 415);
    expectError(await call('/api-keys', { method: 'POST', headers: { ...CONSOLE, cookie: cookieHeader(session) }, raw: JSON.stringify({ name: 'x'.repeat(1_100_000) }) }), 413);
    expectError(await asConsole('/api-keys', session, { method: 'PUT', body: { name: 'x' } }), 405);
    expectError(await asConsole('/api-keys/no-such-key', session, { method: 'DELETE' }), 404);
    expectError(await asConsole(`/api-keys/${other.apiKeyId}`, session, { method: 'DELETE' }), 404);
    // The other company's key still works.
    expect((await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${other.apiKey}` } })).status).toBe(200);
  });
});
