// API keys worth trusting (D11, issue 19 §3; decisions 082–084): a key's role at most admin and
// its creator's, sectors within its creator's, an expiry in the future, refusal once expired
// (its tokens with it), rolling with a grace period, the list's fields without any secret, the
// checksummed format, and the last use written at most once a minute.
// The test server trusts one proxy (TRUST_PROXY=1): each test speaks from addresses of its own.
import { describe, expect, it } from 'vitest';
import { hasApiKeyShape, isApiKey } from '@/lib/api-key-format';
import type { Role } from '@/lib/kinds/access';
import { call, errorPaths, expectError, newCompany, type TestCompany } from './helpers';

const byte = () => Math.floor(Math.random() * 254) + 1;
/** A client address no other test uses. */
const newAddress = () => `10.${byte()}.${byte()}.${byte()}`;

const HOUR = 3600_000;
const inDays = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString();

const exchange = (key: string, address = newAddress()) =>
  call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${key}`, 'x-forwarded-for': address } });

/** The access token of a key with these limits, made in the server's database (as company:create would, but limited). */
async function keyToken(company: TestCompany, role: Role, sectors: string[] = []): Promise<string> {
  const { transaction } = await import('@/lib/server/db');
  const { insertApiKey } = await import('@/lib/server/companies');
  const key = await transaction((tx) => insertApiKey(tx, company.id, `${role} key`, { role, sectors, expiresAt: null, createdById: null }));
  const res = await exchange(key.apiKey);
  expect(res.status).toBe(200);
  return res.body.data.idToken;
}

/** The access token of a member with this role and these sectors. */
async function memberToken(company: TestCompany, role: Role, sectors: string[] = []): Promise<string> {
  const { db, transaction } = await import('@/lib/server/db');
  const { issueTokens } = await import('@/lib/server/auth/tokens');
  const user = await db().user.create({
    data: { companyId: company.id, name: `A ${role}`, email: `${role}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}@example.test`, passwordHash: 'x', role, sectors },
  });
  return (await transaction((tx) => issueTokens(tx, { companyId: company.id, userId: user.id }))).idToken;
}

const create = (token: string, body: Record<string, unknown>) => call('/api-keys', { method: 'POST', token, body });
const roll = (token: string, id: string, graceSeconds: unknown) => call(`/api-keys/${id}/roll`, { method: 'POST', token, body: { graceSeconds } });
const listed = async (token: string, id: string) => (await call('/api-keys', { token })).body.data.items.find((k: { id: string }) => k.id === id);

describe('a key carries a role: at most admin, at most its creator’s', () => {
  it('an admin key makes viewer, editor and admin keys, each acting with its role', async () => {
    const company = await newCompany();
    for (const role of ['viewer', 'editor', 'admin']) {
      const res = await create(company.token, { name: `${role} program`, role });
      expect(res.status).toBe(201);
      expect(res.body.data.role).toBe(role);
    }
    const viewer = await keyToken(company, 'viewer');
    expect((await call('/agents', { token: viewer })).status).toBe(200);
    expect(expectError(await create(viewer, { name: 'x', role: 'viewer' }), 403).message).toMatch(/admin/);
    const editor = await keyToken(company, 'editor');
    expect(expectError(await call('/api-keys', { token: editor }), 403).message).toMatch(/admin/);
  });

  it('refuses a role above admin or above the creator’s (403 naming it), and an unknown role (400)', async () => {
    const company = await newCompany();
    const owner = await memberToken(company, 'owner');
    const admin = await memberToken(company, 'admin');
    expect((await create(owner, { name: 'made by the owner', role: 'admin' })).status).toBe(201);
    expect(expectError(await create(owner, { name: 'x', role: 'owner' }), 403).message).toMatch(/at most admin.*owner/);
    expect(expectError(await create(admin, { name: 'x', role: 'owner' }), 403).message).toMatch(/owner/);
    expect(expectError(await create(company.token, { name: 'x', role: 'owner' }), 403).message).toMatch(/owner/);
    const unknown = await create(admin, { name: 'x', role: 'root' });
    expectError(unknown, 400);
    expect(errorPaths(unknown)).toEqual(['role']);
    expect(errorPaths(await create(admin, { name: 'x' }))).toEqual(['role']);
    const names = (await call('/api-keys', { token: admin })).body.data.items.map((k: { name: string }) => k.name);
    expect(names).toEqual(['made by the owner', 'default']);
  });
});

describe('a key’s sectors lie within its creator’s', () => {
  it('a limited admin makes keys only within its sectors, never an unlimited one', async () => {
    const company = await newCompany();
    const limited = await keyToken(company, 'admin', ['sales', 'north']);
    expect(expectError(await create(limited, { name: 'x', role: 'viewer' }), 403).message).toMatch(/limited to sectors sales, north/);
    expect(expectError(await create(limited, { name: 'x', role: 'viewer', sectors: [] }), 403).message).toMatch(/sales/);
    expect(expectError(await create(limited, { name: 'x', role: 'viewer', sectors: ['sales', 'support'] }), 403).message).toMatch(/"support"/);
    const made = await create(limited, { name: 'sales reader', role: 'viewer', sectors: ['sales', 'sales'] });
    expect(made.status).toBe(201);
    expect(made.body.data.sectors).toEqual(['sales']);
    // An unlimited creator gives any sectors; the key then acts within them (D11's sector rule).
    const wide = await create(company.token, { name: 'north and south', role: 'editor', sectors: ['north', 'south'] });
    expect(wide.body.data.sectors).toEqual(['north', 'south']);
    const bad = await create(company.token, { name: 'x', role: 'editor', sectors: 'north' });
    expectError(bad, 400);
    expect(errorPaths(bad)).toEqual(['sectors']);
  });
});

describe('expiry', () => {
  it('takes an ISO date in the future, absent or null for never; a past or malformed one is a 400 naming expiresAt', async () => {
    const company = await newCompany();
    const at = inDays(30);
    const dated = await create(company.token, { name: 'thirty days', role: 'viewer', expiresAt: at });
    expect(dated.status).toBe(201);
    expect(dated.body.data.expiresAt).toBe(at);
    const day = await create(company.token, { name: 'a day', role: 'viewer', expiresAt: '2999-01-31' });
    expect(day.body.data.expiresAt).toBe('2999-01-31T00:00:00.000Z');
    expect((await create(company.token, { name: 'never', role: 'viewer', expiresAt: null })).body.data.expiresAt).toBeNull();
    expect((await create(company.token, { name: 'never either', role: 'viewer' })).body.data.expiresAt).toBeNull();
    const before = (await call('/api-keys', { token: company.token })).body.data.items.length;
    for (const expiresAt of [new Date(Date.now() - 60_000).toISOString(), '2020-01-01', 'tomorrow', '2027-13-45', 12345, '2999-01-31T10:00']) {
      const res = await create(company.token, { name: 'bad date', role: 'viewer', expiresAt });
      expectError(res, 400);
      expect(errorPaths(res)).toEqual(['expiresAt']);
    }
    expect((await call('/api-keys', { token: company.token })).body.data.items.length).toBe(before);
  });

  it('refuses a key past its expiresAt like a revoked one, and the tokens minted from it die with it', async () => {
    const company = await newCompany();
    const made = (await create(company.token, { name: 'short lived', role: 'editor', expiresAt: inDays(1) })).body.data;
    const minted = await exchange(made.apiKey);
    expect(minted.status).toBe(200);
    const { idToken, refreshToken } = minted.body.data;
    // The clock is moved, not waited for: the key's row now says it expired a minute ago.
    const { db } = await import('@/lib/server/db');
    await db().apiKey.update({ where: { id: made.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    expect(expectError(await exchange(made.apiKey), 401).message).toBe('Invalid or revoked API key');
    // This token was never looked up, so no cache holds it: refused at once.
    expectError(await call('/agents', { token: idToken }), 401);
    expectError(await call('/authentication/refresh-token', { method: 'POST', body: { refreshToken }, headers: { 'x-forwarded-for': newAddress() } }), 401);
    expect((await listed(company.token, made.id)).expiresAt).not.toBeNull();
    expect((await roll(company.token, made.id, 3600)).status).toBe(409);
  });
});

describe('rolling a key', () => {
  it('grace 0: the replacement works, the old key and its tokens stop at once, both events recorded', async () => {
    const company = await newCompany();
    const old = (await create(company.token, { name: 'nightly export', role: 'editor', sectors: ['sales'], expiresAt: inDays(90) })).body.data;
    const oldToken = (await exchange(old.apiKey)).body.data.idToken;
    expect((await call('/agents', { token: oldToken })).status).toBe(200);

    const res = await roll(company.token, old.id, 0);
    expect(res.status).toBe(201);
    const next = res.body.data;
    expect(next).toMatchObject({ name: 'nightly export', role: 'editor', sectors: ['sales'], expiresAt: old.expiresAt, revokedAt: null, lastUsedAt: null });
    expect(next.id).not.toBe(old.id);
    expect(isApiKey(next.apiKey)).toBe(true);
    expect(next.replaced).toMatchObject({ id: old.id, revokedAt: expect.any(String), expiresAt: old.expiresAt });

    expectError(await exchange(old.apiKey), 401);
    expectError(await call('/agents', { token: oldToken }), 401);
    const nextToken = await exchange(next.apiKey);
    expect(nextToken.status).toBe(200);
    expect((await call('/agents', { token: nextToken.body.data.idToken })).status).toBe(200);

    const { db } = await import('@/lib/server/db');
    const events = await db().activityEvent.findMany({ where: { companyId: company.id }, orderBy: { seq: 'asc' } });
    const rolled = events.filter((e) => e.action === 'api-key-created' || e.action === 'api-key-revoked').slice(-2);
    expect(rolled.map((e) => [e.action, e.resourceId, e.actorKind, e.actorId])).toEqual([
      ['api-key-created', next.id, 'apiKey', company.apiKeyId],
      ['api-key-revoked', old.id, 'apiKey', company.apiKeyId],
    ]);
    // A revoked key cannot be rolled again.
    expect(expectError(await roll(company.token, old.id, 0), 409).message).toMatch(/no longer works/);
  });

  it('grace 3600: the old key keeps working for now and ends in an hour; the replacement works too', async () => {
    const company = await newCompany();
    const old = (await create(company.token, { name: 'billing', role: 'viewer' })).body.data;
    const oldToken = (await exchange(old.apiKey)).body.data.idToken;
    const before = Date.now();
    const res = await roll(company.token, old.id, 3600);
    const after = Date.now();
    expect(res.status).toBe(201);
    const { replaced, ...next } = res.body.data;
    expect(next).toMatchObject({ name: 'billing', role: 'viewer', sectors: [], expiresAt: null });
    expect(replaced.revokedAt).toBeNull();
    const ends = Date.parse(replaced.expiresAt);
    expect(ends).toBeGreaterThanOrEqual(before + HOUR - 1000);
    expect(ends).toBeLessThanOrEqual(after + HOUR + 1000);

    expect((await exchange(old.apiKey)).status).toBe(200);
    expect((await call('/agents', { token: oldToken })).status).toBe(200);
    expect((await exchange(next.apiKey)).status).toBe(200);
    expect((await listed(company.token, old.id)).expiresAt).toBe(replaced.expiresAt);

    // A second roll within the grace period shortens it, never lengthens it.
    const again = await roll(company.token, old.id, 86400);
    expect(again.status).toBe(201);
    expect(again.body.data.replaced.expiresAt).toBe(replaced.expiresAt);
  });

  it('refuses a bad grace, unknown and other companies’ keys, and a key outside a limited roller’s sectors (404: it does not see it)', async () => {
    const [company, other] = await Promise.all([newCompany(), newCompany()]);
    const key = (await create(company.token, { name: 'k', role: 'viewer' })).body.data;
    for (const graceSeconds of [5, -1, '3600', null, undefined]) {
      const res = await roll(company.token, key.id, graceSeconds);
      expectError(res, 400);
      expect(errorPaths(res)).toEqual(['graceSeconds']);
    }
    expectError(await roll(company.token, 'no-such-key', 0), 404);
    expectError(await roll(company.token, other.apiKeyId, 0), 404);
    const limited = await keyToken(company, 'admin', ['sales']);
    expectError(await roll(limited, key.id, 0), 404);
    const editor = await keyToken(company, 'editor');
    expectError(await roll(editor, key.id, 0), 403);
    // Nothing changed: the key still works.
    expect((await exchange(key.apiKey)).status).toBe(200);
    expect((await exchange(other.apiKey)).status).toBe(200);
  });
});

describe('a sector-limited admin sees and manages only keys within its sectors (decision 087)', () => {
  it('lists, revokes and rolls keys limited to its sectors; any other key is a 404 that changes nothing', async () => {
    const company = await newCompany();
    const made = async (name: string, sectors?: string[]) => (await create(company.token, { name, role: 'viewer', ...(sectors ? { sectors } : {}) })).body.data;
    const sales = await made('sales reader', ['sales']);
    const both = await made('sales and north reader', ['sales', 'north']);
    const reaching = await made('sales and support reader', ['sales', 'support']);
    const support = await made('support reader', ['support']);
    const whole = await made('whole-company reader');
    const limitedKey = await keyToken(company, 'admin', ['sales', 'north']);
    const limitedMember = await memberToken(company, 'admin', ['sales', 'north']);

    for (const limited of [limitedKey, limitedMember]) {
      const names = (await call('/api-keys', { token: limited })).body.data.items.map((k: { name: string }) => k.name);
      expect(names.sort()).toEqual(['admin key', both.name, sales.name].sort());
    }
    // The whole-company caller still sees every key.
    const all = (await call('/api-keys', { token: company.token })).body.data.items.map((k: { id: string }) => k.id);
    expect(all).toEqual(expect.arrayContaining([sales.id, both.id, reaching.id, support.id, whole.id, company.apiKeyId]));

    // Outside (another sector, partly another sector, the whole company): as missing as another company's key.
    for (const key of [reaching, support, whole, { id: company.apiKeyId, apiKey: company.apiKey }]) {
      expect(expectError(await call(`/api-keys/${key.id}`, { method: 'DELETE', token: limitedMember }), 404).message).toMatch(/API key/);
      expectError(await roll(limitedKey, key.id, 0), 404);
      expect((await exchange(key.apiKey)).status).toBe(200);
      expect((await listed(company.token, key.id)).revokedAt).toBeNull();
    }

    // Within: revoked and rolled as usual.
    const revoked = await call(`/api-keys/${sales.id}`, { method: 'DELETE', token: limitedMember });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedAt).not.toBeNull();
    expectError(await exchange(sales.apiKey), 401);
    const rolled = await roll(limitedKey, both.id, 0);
    expect(rolled.status).toBe(201);
    expect(rolled.body.data).toMatchObject({ name: both.name, sectors: ['sales', 'north'] });
    expectError(await exchange(both.apiKey), 401);
  });
});

describe('the list and the format', () => {
  it('lists role, sectors, expiry and last use, never a secret; new keys have the checksummed format', async () => {
    const company = await newCompany();
    const made = await create(company.token, { name: 'scanner check', role: 'editor', sectors: ['support'] });
    const { apiKey, id } = made.body.data;
    expect(apiKey).toMatch(/^aok_[0-9A-Za-z]{38}$/);
    expect(isApiKey(apiKey)).toBe(true);
    expect(hasApiKeyShape(company.apiKey) && isApiKey(company.apiKey)).toBe(true); // company:create's key too
    const list = await call('/api-keys', { token: company.token });
    for (const item of list.body.data.items) {
      expect(Object.keys(item).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'lastUsedFrom', 'name', 'prefix', 'revokedAt', 'role', 'sectors']);
    }
    expect(list.text).not.toContain(apiKey);
    expect(list.text).not.toContain(company.apiKey);
    expect(list.text.match(/aok_[0-9A-Za-z]{20,}/g)).toBeNull();
    expect(apiKey.startsWith((await listed(company.token, id)).prefix)).toBe(true);

    // A key of the new shape with a wrong checksum is refused (401) like any unknown key.
    const typo = apiKey.slice(0, -1) + (apiKey.endsWith('A') ? 'B' : 'A');
    expectError(await exchange(typo), 401);
    expect((await exchange(apiKey)).status).toBe(200);
  });

  it('keys made before the format keep working, as admin without expiry', async () => {
    const company = await newCompany();
    const { db } = await import('@/lib/server/db');
    const { sha256 } = await import('@/lib/server/crypto');
    const { randomBytes } = await import('node:crypto');
    const legacy = `aok_${randomBytes(32).toString('base64url')}`; // the format of decision 006
    // As the team-access migration leaves such a row: role admin (the column default), no sectors, no expiry.
    const row = await db().apiKey.create({ data: { companyId: company.id, name: 'legacy', prefix: legacy.slice(0, 10), hash: sha256(legacy) } });
    const minted = await exchange(legacy);
    expect(minted.status).toBe(200);
    expect((await call('/api-keys', { token: minted.body.data.idToken })).status).toBe(200);
    expect(await listed(company.token, row.id)).toMatchObject({ role: 'admin', sectors: [], expiresAt: null });
  });
});

describe('last use', () => {
  it('records when and from where a key was used, at most once a minute per key', async () => {
    const company = await newCompany();
    const { apiKey, id } = (await create(company.token, { name: 'used', role: 'viewer' })).body.data;
    expect(await listed(company.token, id)).toMatchObject({ lastUsedAt: null, lastUsedFrom: null });
    const first = newAddress();
    const token = (await exchange(apiKey, first)).body.data.idToken;
    const seen = await listed(company.token, id);
    expect(seen.lastUsedFrom).toBe(first);
    expect(seen.lastUsedAt).toEqual(expect.any(String));
    // Within the minute: another exchange and the token's use, from elsewhere, write nothing.
    expect((await exchange(apiKey, newAddress())).status).toBe(200);
    expect((await call('/agents', { token, headers: { 'x-forwarded-for': newAddress() } })).status).toBe(200);
    expect(await listed(company.token, id)).toMatchObject({ lastUsedAt: seen.lastUsedAt, lastUsedFrom: first });
  });

  it('a token’s use counts as the key’s use (written off the request’s path)', async () => {
    const company = await newCompany();
    // A key and a token minted outside the server: the server has not written this key's use yet.
    const { transaction } = await import('@/lib/server/db');
    const { insertApiKey } = await import('@/lib/server/companies');
    const { issueTokens } = await import('@/lib/server/auth/tokens');
    const key = await transaction((tx) => insertApiKey(tx, company.id, 'token only', { role: 'viewer', sectors: [], expiresAt: null, createdById: null }));
    const { idToken } = await transaction((tx) => issueTokens(tx, { companyId: company.id, apiKeyId: key.id }));
    const address = newAddress();
    expect((await call('/agents', { token: idToken, headers: { 'x-forwarded-for': address } })).status).toBe(200);
    let seen = await listed(company.token, key.id);
    for (let i = 0; i < 100 && seen.lastUsedFrom === null; i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await listed(company.token, key.id);
    }
    expect(seen).toMatchObject({ lastUsedAt: expect.any(String), lastUsedFrom: address });
  });
});
