// Decisions 023 and 024: the health routes, and the token cache's promise that revocation in this
// process takes effect at once (sign-out, API key revocation, refresh-token family retirement).
import { describe, expect, it } from 'vitest';
import { call, expectError, newCompany } from './helpers';

describe('GET /health and /health/ready', () => {
  it('answers liveness without a credential, in the envelope', async () => {
    const res = await call('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK', data: { status: 'ok' } });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers liveness at the front door (decision 105): HEAD without a body, a query or a trailing slash alike', async () => {
    const head = await call('/health', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    for (const path of ['/health?probe=lb', '/health/']) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual({ status: 'OK', data: { status: 'ok' } });
    }
    // Answered before Next.js: none of the router's Vary names (a route's answer carries them).
    expect((await call('/health')).headers.get('vary')).toBeNull();
    expect((await call('/health/ready')).headers.get('vary')).toContain('rsc');
  });

  it('answers readiness once the database answers', async () => {
    const res = await call('/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK', data: { status: 'ready' } });
  });

  it('is never counted by the brute-force limits, however often it is polled', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    for (let i = 0; i < 30; i++) {
      expect((await call('/health', { headers })).status).toBe(200);
      expect((await call('/health/ready', { headers })).status).toBe(200);
    }
    // The address has no failure recorded: a wrong API key from it is a plain 401, not a 429.
    expectError(await call('/authentication/generate-access-token', { headers: { ...headers, authorization: 'ApiKey aok_wrong' } }), 401);
  });

  it('answers 405 for other methods', async () => {
    expectError(await call('/health', { method: 'POST', body: {} }), 405);
    expectError(await call('/health/ready', { method: 'DELETE' }), 405);
  });
});

describe('revocation reaches a token the server has just checked (and cached)', () => {
  it('revoking the API key through the API refuses its live token at once', async () => {
    const company = await newCompany();
    expect((await call('/agents', { token: company.token })).status).toBe(200);
    expect((await call(`/api-keys/${company.apiKeyId}`, { method: 'DELETE', token: company.token })).status).toBe(200);
    expectError(await call('/agents', { token: company.token }), 401);
  });

  it('reusing a retired refresh token retires the live access tokens of its family at once', async () => {
    const company = await newCompany();
    const rotated = await call('/authentication/refresh-token', { method: 'POST', body: { refreshToken: company.refreshToken } });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.idToken as string;
    expect((await call('/agents', { token: fresh })).status).toBe(200);
    expectError(await call('/authentication/refresh-token', { method: 'POST', body: { refreshToken: company.refreshToken } }), 401);
    expectError(await call('/agents', { token: fresh }), 401);
  });
});
