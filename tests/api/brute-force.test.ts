// Brute force and stolen refresh tokens (decision 009): the per-account sign-in limit across
// addresses, right credentials that still work from an address an attacker filled, counters kept
// in the database, and refresh-token reuse retiring the whole token family.
// The test server trusts one proxy (TRUST_PROXY=1, global-setup.ts), so each test speaks from
// addresses of its own through X-Forwarded-For and never fills another test's address.
import { describe, expect, it } from 'vitest';
import { call, expectError, newCompany, type ApiResponse } from './helpers';

const CONSOLE = { 'x-requested-with': 'console' };
const PASSWORD = 'a long enough password';

const byte = () => Math.floor(Math.random() * 254) + 1;
/** A client address no other test uses. */
const newAddress = () => `10.${byte()}.${byte()}.${byte()}`;
const from = (address: string) => ({ 'x-forwarded-for': `192.0.2.66, ${address}` }); // the left entry is the client's own words

let n = 0;
const uniqueEmail = () => `bf-${Date.now().toString(36)}-${++n}@example.test`;

async function newPerson(): Promise<{ email: string; companyId: string }> {
  const company = await newCompany();
  const { db } = await import('@/lib/server/db');
  const { hashPassword } = await import('@/lib/server/crypto');
  const email = uniqueEmail();
  await db().user.create({ data: { companyId: company.id, name: `Person ${n}`, email, passwordHash: await hashPassword(PASSWORD) } });
  return { email, companyId: company.id };
}

function cookie(res: ApiResponse, name: string): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [key, ...value] = pair.split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function signIn(address: string, email: string, password: string, device?: string) {
  const headers: Record<string, string> = { ...CONSOLE, ...from(address) };
  if (device) headers.cookie = `aoc_device=${encodeURIComponent(device)}`;
  return call('/session/sign-in', { method: 'POST', headers, body: { email, password } });
}

function expectLimited(res: ApiResponse, maxSeconds: number): void {
  expectError(res, 429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

const apiKeyFrom = (address: string, key: string) =>
  call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${key}`, ...from(address) } });
const refreshFrom = (address: string, refreshToken: string) =>
  call('/authentication/refresh-token', { method: 'POST', headers: from(address), body: { refreshToken } });

describe('per-account sign-in limit', () => {
  it('throttles an account after 10 wrong passwords from 10 addresses, the right password too; other accounts and trusted browsers pass', async () => {
    const [victim, bystander] = await Promise.all([newPerson(), newPerson()]);
    // The person signed in from their own browser before: it holds the account's device cookie.
    const home = await signIn(newAddress(), victim.email, PASSWORD);
    expect(home.status).toBe(200);
    const device = cookie(home, 'aoc_device');
    expect(device).toEqual(expect.any(String));
    expect(home.headers.getSetCookie().find((c) => c.startsWith('aoc_device='))).toMatch(/Path=\/api\/session; Max-Age=15552000; HttpOnly; SameSite=Lax/);

    const attackers = Array.from({ length: 11 }, newAddress);
    for (const address of attackers.slice(0, 10)) expectError(await signIn(address, victim.email, 'guess number one'), 401);
    // Each address has one failure only; the account has ten: the eleventh attempt is refused
    // before the password is checked, whatever it is, from any address without the device cookie.
    expectLimited(await signIn(attackers[10], victim.email, 'guess number two'), 15 * 60);
    expectLimited(await signIn(attackers[10], victim.email, PASSWORD), 15 * 60);
    expectLimited(await signIn(newAddress(), victim.email, PASSWORD), 15 * 60);

    // Another account signs in from the attackers' addresses.
    expect((await signIn(attackers[0], bystander.email, PASSWORD)).status).toBe(200);
    // The person's own browser is told apart by its device cookie (not by another account's).
    const trusted = await signIn(newAddress(), victim.email, PASSWORD, device);
    expect(trusted.status).toBe(200);
    expect(cookie(trusted, 'aoc_device')).toEqual(expect.any(String));
    const foreign = cookie(await signIn(newAddress(), bystander.email, PASSWORD), 'aoc_device')!;
    expectLimited(await signIn(newAddress(), victim.email, PASSWORD, foreign), 15 * 60);
  });

  it('throttles an unknown email alike (no hint of which accounts exist)', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) expectError(await signIn(newAddress(), email, `guess ${i} of ten`), 401);
    expectLimited(await signIn(newAddress(), email, 'guess eleven'), 15 * 60);
  });
});

describe('a filled address', () => {
  it('refuses wrong credentials with 429 but takes right API keys, refresh tokens and trusted browsers', async () => {
    const [company, person] = await Promise.all([newCompany(), newPerson()]);
    const address = newAddress();
    const device = cookie(await signIn(newAddress(), person.email, PASSWORD), 'aoc_device')!;

    for (let i = 0; i < 20; i++) expectError(await apiKeyFrom(address, `aok_wrong-${i}`), 401);
    expectLimited(await apiKeyFrom(address, 'aok_wrong-again'), 60);
    expectLimited(await refreshFrom(address, 'not-a-refresh-token'), 60);

    // The right credentials of someone else behind the same address still work.
    const issued = await apiKeyFrom(address, company.apiKey);
    expect(issued.status).toBe(200);
    const rotated = await refreshFrom(address, issued.body.data.refreshToken);
    expect(rotated.status).toBe(200);
    expect((await call('/agents', { token: rotated.body.data.idToken })).status).toBe(200);
    expect((await signIn(address, person.email, PASSWORD, device)).status).toBe(200);
    // A password from a browser the account does not know cannot be told apart from a guess.
    expectLimited(await signIn(address, person.email, PASSWORD), 60);

    // The counters live in the database, where every instance (and a restarted one) reads them.
    const { db } = await import('@/lib/server/db');
    expect(await db().authFailure.count({ where: { bucket: `address:${address}` } })).toBe(20);
    expect(await db().authLimitBucket.count({ where: { id: `address:${address}` } })).toBe(1);
  });

  it('takes the address from X-Forwarded-For (one trusted proxy): the spoofable left entries do not matter', async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i++) {
      const spoofed = { 'x-forwarded-for': `${newAddress()}, ${address}` };
      expectError(await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey aok_wrong-${i}`, ...spoofed } }), 401);
    }
    expectLimited(await apiKeyFrom(address, 'aok_wrong-again'), 60);
    expectError(await apiKeyFrom(newAddress(), 'aok_wrong-again'), 401);
  });
});

describe('refresh-token reuse retires the token family', () => {
  it('API: presenting a rotated refresh token retires every token issued from it', async () => {
    const company = await newCompany();
    const address = newAddress();
    const p1 = (await refreshFrom(address, company.refreshToken)).body.data;
    const p2 = (await refreshFrom(address, p1.refreshToken)).body.data;
    expect((await call('/agents', { token: p2.idToken })).status).toBe(200);
    // Another family of the same key (a second exchange) is not touched.
    const other = (await apiKeyFrom(address, company.apiKey)).body.data;

    expectError(await refreshFrom(address, company.refreshToken), 401);
    expectError(await call('/agents', { token: p2.idToken }), 401);
    expectError(await call('/agents', { token: p1.idToken }), 401);
    expectError(await call('/agents', { token: company.token }), 401);
    expectError(await refreshFrom(address, p2.refreshToken), 401);

    expect((await call('/agents', { token: other.idToken })).status).toBe(200);
    expect((await refreshFrom(address, other.refreshToken)).status).toBe(200);
  });

  it('console: reusing a rotated refresh cookie signs out the session that descends from it', async () => {
    const person = await newPerson();
    const address = newAddress();
    const refresh = (token: string) => call('/session/refresh', { method: 'POST', headers: { ...CONSOLE, ...from(address), cookie: `aoc_refresh=${encodeURIComponent(token)}` } });
    const asConsole = (path: string, access: string) => call(path, { headers: { ...CONSOLE, cookie: `aoc_session=${encodeURIComponent(access)}` } });

    const first = await signIn(address, person.email, PASSWORD);
    const elsewhere = await signIn(newAddress(), person.email, PASSWORD);
    const second = await refresh(cookie(first, 'aoc_refresh')!);
    expect(second.status).toBe(200);
    const access = cookie(second, 'aoc_session')!;
    expect((await asConsole('/session', access)).status).toBe(200);

    expectError(await refresh(cookie(first, 'aoc_refresh')!), 401);
    expectError(await asConsole('/session', access), 401);
    expectError(await refresh(cookie(second, 'aoc_refresh')!), 401);
    // The person's other browser is another family.
    expect((await asConsole('/session', cookie(elsewhere, 'aoc_session')!)).status).toBe(200);
  });

  it('two parallel refreshes with one token: one wins, the other is reuse and retires the winner’s pair too', async () => {
    const company = await newCompany();
    const address = newAddress();
    const results = await Promise.all([refreshFrom(address, company.refreshToken), refreshFrom(address, company.refreshToken)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    const winner = results.find((r) => r.status === 200)!.body.data;
    expectError(await call('/agents', { token: winner.idToken }), 401);
    expectError(await refreshFrom(address, winner.refreshToken), 401);
  });
});
