// PUT /session/password (issue 9, decision 018): a signed-in person changes their password; a
// wrong current password is a 400 naming it and counts toward the brute-force limits; success
// ends the person's other sessions and keeps this one.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseUrl, call, errorPaths, expectError, newCompany, type ApiResponse } from './helpers';

const CONSOLE = { 'x-requested-with': 'console' };
const PASSWORD = 'a long enough password';
const NEW_PASSWORD = 'another long password';

let n = 0;
const uniqueEmail = () => `changer-${Date.now().toString(36)}-${++n}@example.test`;

type Session = { access: string; refresh: string };

async function newPerson(): Promise<{ id: string; email: string; companyId: string; companyToken: string }> {
  const company = await newCompany();
  const { db } = await import('@/lib/server/db');
  const { hashPassword } = await import('@/lib/server/crypto');
  const email = uniqueEmail();
  const user = await db().user.create({ data: { companyId: company.id, name: `Changer ${n}`, email, passwordHash: await hashPassword(PASSWORD) } });
  return { id: user.id, email, companyId: company.id, companyToken: company.token };
}

function sessionOf(res: ApiResponse): Session {
  const cookies: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair.split('=');
    cookies[name.trim()] = decodeURIComponent(value.join('='));
  }
  return { access: cookies.aoc_session, refresh: cookies.aoc_refresh };
}

const signIn = (email: string, password: string) => call('/session/sign-in', { method: 'POST', headers: CONSOLE, body: { email, password } });

async function signedIn(email: string): Promise<Session> {
  const res = await signIn(email, PASSWORD);
  expect(res.status).toBe(200);
  return sessionOf(res);
}

const cookie = (s: Partial<Session>) =>
  [s.access && `aoc_session=${encodeURIComponent(s.access)}`, s.refresh && `aoc_refresh=${encodeURIComponent(s.refresh)}`].filter(Boolean).join('; ');

const change = (session: Partial<Session>, body: unknown, headers: Record<string, string> = CONSOLE) =>
  call('/session/password', { method: 'PUT', headers: { ...headers, cookie: cookie(session) }, body });

/** A PUT from another loopback address (the brute-force limits count per address). */
function putFrom(localAddress: string, session: Session, body: unknown): Promise<number> {
  const url = new URL(`${baseUrl()}/api/session/password`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'PUT',
        localAddress,
        headers: { ...CONSOLE, cookie: cookie(session), 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('PUT /session/password', () => {
  it('refuses a wrong current password with a 400 naming it, and changes nothing', async () => {
    const person = await newPerson();
    const session = await signedIn(person.email);
    const res = await change(session, { currentPassword: 'not my password', newPassword: NEW_PASSWORD });
    const error = expectError(res, 400);
    expect(errorPaths(res)).toEqual(['currentPassword']);
    expect(error.message).toContain('currentPassword');
    expect((await signIn(person.email, PASSWORD)).status).toBe(200);
    expect((await signIn(person.email, NEW_PASSWORD)).status).toBe(401);
  });

  it('validates the body with the shared schema', async () => {
    const person = await newPerson();
    const session = await signedIn(person.email);
    let res = await change(session, { currentPassword: PASSWORD, newPassword: 'short' });
    expectError(res, 400);
    expect(errorPaths(res)).toEqual(['newPassword']);
    res = await change(session, { currentPassword: PASSWORD, newPassword: PASSWORD });
    expectError(res, 400);
    expect(errorPaths(res)).toEqual(['newPassword']);
    res = await change(session, {});
    expectError(res, 400);
    expect(errorPaths(res).sort()).toEqual(['currentPassword', 'newPassword']);
    expectError(await call('/session/password', { method: 'POST', headers: { ...CONSOLE, cookie: cookie(session) }, body: {} }), 405);
    expect((await signIn(person.email, PASSWORD)).status).toBe(200);
  });

  it('changes the password, keeps this session and ends the other ones', async () => {
    const person = await newPerson();
    const here = await signedIn(person.email);
    const elsewhere = await signedIn(person.email);
    const third = await signedIn(person.email);
    const res = await change(here, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'OK', data: { passwordChanged: true, otherSessionsEnded: 2 } });

    // This session goes on: its access token works and its refresh token rotates.
    expect((await call('/session', { headers: { ...CONSOLE, cookie: cookie(here) } })).status).toBe(200);
    const rotated = await call('/session/refresh', { method: 'POST', headers: { ...CONSOLE, cookie: cookie({ refresh: here.refresh }) } });
    expect(rotated.status).toBe(200);
    // The others are over: neither their access nor their refresh token is taken.
    for (const other of [elsewhere, third]) {
      expectError(await call('/session', { headers: { ...CONSOLE, cookie: cookie({ access: other.access }) } }), 401);
      expectError(await call('/session/refresh', { method: 'POST', headers: { ...CONSOLE, cookie: cookie({ refresh: other.refresh }) } }), 401);
    }
    // The old password is refused, the new one signs in.
    expectError(await signIn(person.email, PASSWORD), 401);
    expect((await signIn(person.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('is for signed-in people only: an API key token is refused, a cookie needs the console header', async () => {
    const person = await newPerson();
    expectError(await call('/session/password', { method: 'PUT', token: person.companyToken, body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }), 403);
    const session = await signedIn(person.email);
    expectError(await change(session, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, {}), 401);
    expectError(await call('/session/password', { method: 'PUT', body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }), 401);
    expect((await signIn(person.email, PASSWORD)).status).toBe(200);
  });

  it('counts wrong current passwords toward the account limit: the 11th attempt is a 429', async () => {
    const person = await newPerson();
    const session = await signedIn(person.email);
    const address = '127.0.0.9';
    for (let i = 0; i < 10; i++) expect(await putFrom(address, session, { currentPassword: `wrong guess ${i}`, newPassword: NEW_PASSWORD })).toBe(400);
    // Even the right password is refused now, from any address: the account's bucket is full.
    expect(await putFrom('127.0.0.10', session, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).toBe(429);
    const { db } = await import('@/lib/server/db');
    const { verifyPassword } = await import('@/lib/server/crypto');
    const row = await db().user.findUniqueOrThrow({ where: { id: person.id } });
    expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(true);
  });
});
