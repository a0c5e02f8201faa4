// Credentials (spec endpoint 1, D3) and the protocol rules every endpoint shares (D2).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseUrl, call, expectError, newCompany, type LooseJson } from './helpers';

/** A GET from another loopback address (the rate limit counts per address). */
function getFrom(localAddress: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: LooseJson }> {
  const url = new URL(`${baseUrl()}/api${path}`);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'GET', headers, localAddress }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /authentication/generate-access-token', () => {
  it('exchanges an API key for idToken, refreshToken, expiresIn (seconds) and userId null', async () => {
    const company = await newCompany();
    const res = await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${company.apiKey}` } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK', data: { idToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 3600, userId: null } });
    expect((await call('/agents', { token: res.body.data.idToken })).status).toBe(200);
    expect((await call('/agents', { token: `Bearer ${res.body.data.idToken}` })).status).toBe(200);
  });

  it('refuses a missing, malformed or unknown API key with 401', async () => {
    expectError(await call('/authentication/generate-access-token'), 401);
    expectError(await call('/authentication/generate-access-token', { headers: { authorization: 'Basic abc' } }), 401);
    expectError(await call('/authentication/generate-access-token', { headers: { authorization: 'ApiKey aok_wrong' } }), 401);
  });

  it('answers 429 after more than 20 wrong API keys from one address within a minute; no credential does not count', async () => {
    const address = '127.0.0.2';
    for (let i = 0; i < 25; i++) expect((await getFrom(address, '/authentication/generate-access-token', {})).status).toBe(401);
    for (let i = 0; i < 20; i++) {
      expect((await getFrom(address, '/authentication/generate-access-token', { authorization: `ApiKey wrong-${i}` })).status).toBe(401);
    }
    const limited = await getFrom(address, '/authentication/generate-access-token', { authorization: 'ApiKey wrong-again' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 'ERROR', code: 'client/error', data: null });
    // Other addresses are unaffected.
    const company = await newCompany();
    expect((await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${company.apiKey}` } })).status).toBe(200);
  });
});

describe('POST /authentication/refresh-token', () => {
  it('rotates: the new pair works, the old refresh token is retired', async () => {
    const company = await newCompany();
    const res = await call('/authentication/refresh-token', { method: 'POST', body: { refreshToken: company.refreshToken } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK', data: { idToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 3600, userId: null } });
    expect(res.body.data.refreshToken).not.toBe(company.refreshToken);
    expect((await call('/agents', { token: res.body.data.idToken })).status).toBe(200);
    expectError(await call('/authentication/refresh-token', { method: 'POST', body: { refreshToken: company.refreshToken } }), 401);
    expectError(await call('/authentication/refresh-token', { method: 'POST', body: {} }), 400);
  });
});

describe('token lifecycle', () => {
  it('an expired access token answers 401', async () => {
    const company = await newCompany();
    const { db } = await import('@/lib/server/db');
    const { sha256 } = await import('@/lib/server/crypto');
    await db().authToken.update({ where: { hash: sha256(company.token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = expectError(await call('/agents', { token: company.token }), 401);
    expect(res.message).toMatch(/expired/i);
  });

  it('revoking an API key refuses the key and every token issued for it', async () => {
    const company = await newCompany();
    const { revokeApiKey } = await import('@/lib/server/companies');
    const { wholeCompany } = await import('@/lib/server/store/scope');
    await revokeApiKey(wholeCompany(company.id), company.apiKeyId);
    expectError(await call('/agents', { token: company.token }), 401);
    expectError(await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${company.apiKey}` } }), 401);
    expectError(await call('/authentication/refresh-token', { method: 'POST', body: { refreshToken: company.refreshToken } }), 401);
  });

  it('an API key sent where a token is expected is refused with a hint', async () => {
    const company = await newCompany();
    const res = expectError(await call('/agents', { token: `ApiKey ${company.apiKey}` }), 401);
    expect(res.message).toContain('generate-access-token');
  });
});

describe('protocol', () => {
  it('credential comes before method: 401 then 405 with Allow', async () => {
    expectError(await call('/agents', { method: 'PATCH' }), 401);
    const company = await newCompany();
    const res = await call('/agents', { method: 'PATCH', token: company.token });
    expectError(res, 405);
    expect(res.headers.get('allow')).toBe('GET, POST');
  });

  it('unknown API paths answer the 404 envelope', async () => {
    const company = await newCompany();
    expectError(await call('/no-such-thing', { token: company.token }), 404);
    expectError(await call('/agents/x/y/z', { token: company.token }), 404);
  });
});
