// The console's one request path (lib/client/api.ts): headers and cookies, envelope unwrapping,
// ApiClientError, and the refresh-once-then-retry loop on 401. fetch is replaced by a recorder
// that answers what each test scripts; nothing else is stubbed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, api } from '@/lib/client/api';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '@/lib/api/session-cookie';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answers: Array<(call: Call) => Response | Promise<Response>>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const expired = () => json(401, { status: 'ERROR', code: 'client/error', data: null, message: 'Unauthorized' });
const headersOf = (call: Call) => call.init.headers as Record<string, string>;

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${init.method} ${url}`);
    return next(call);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api()', () => {
  it('sends the console header, the cookies, JSON and extra headers, and unwraps `data`', async () => {
    answers.push(() => json(200, { status: 'OK', data: { id: 's1', version: 4 } }));
    const saved = await api<{ id: string; version: number }>('/squads/s1', { method: 'PUT', body: { squad: { name: 'A' } }, headers: { 'if-match': '"3"' } });
    expect(saved).toEqual({ id: 's1', version: 4 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/squads/s1');
    expect(calls[0]!.init.method).toBe('PUT');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(calls[0]!.init.body).toBe(JSON.stringify({ squad: { name: 'A' } }));
    expect(headersOf(calls[0]!)).toMatchObject({ [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE, accept: 'application/json', 'content-type': 'application/json', 'if-match': '"3"' });
  });

  it('reads both envelope forms and bare arrays', async () => {
    answers.push(() => json(200, { status: 'ok', id: 'a1' }));
    answers.push(() => json(200, [{ id: 'x' }]));
    answers.push(() => new Response(null, { status: 204 }));
    expect(await api('/agents', { method: 'POST', body: {} })).toEqual({ id: 'a1' });
    expect(await api('/agents')).toEqual([{ id: 'x' }]);
    expect(await api('/agents/a1', { method: 'DELETE' })).toBeUndefined();
  });

  it('throws ApiClientError with the server message and field errors', async () => {
    answers.push(() => json(400, { status: 'ERROR', code: 'client/error', data: null, message: 'name is required', errors: [{ path: 'squad.name', message: 'Required' }] }));
    const error = await api('/squads', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 400, message: 'name is required', errors: [{ path: 'squad.name', message: 'Required' }], isValidation: true });

    answers.push(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api('/agents')).rejects.toMatchObject({ status: 502, message: 'Request failed (502)' });
  });

  it('answers an unreachable server with status 0 and lets an abort through', async () => {
    answers.push(() => Promise.reject(new TypeError('fetch failed')));
    await expect(api('/agents')).rejects.toMatchObject({ name: 'ApiClientError', status: 0 });
    answers.push(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(api('/agents')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('on 401 refreshes the session once and retries the request once', async () => {
    answers.push(expired, () => new Response(null, { status: 204 }), () => json(200, { status: 'OK', data: ['fresh'] }));
    expect(await api('/tools')).toEqual(['fresh']);
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['GET /api/tools', 'POST /api/session/refresh', 'GET /api/tools']);
    expect(headersOf(calls[1]!)[CONSOLE_HEADER]).toBe(CONSOLE_HEADER_VALUE);
  });

  it('shares one refresh between requests that expire together', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    answers.push(expired, expired, async () => {
      await gate;
      return new Response(null, { status: 204 });
    });
    answers.push(() => json(200, { status: 'OK', data: 1 }), () => json(200, { status: 'OK', data: 2 }));
    const both = Promise.all([api<number>('/a'), api<number>('/b')]);
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    release();
    expect((await both).sort()).toEqual([1, 2]);
    expect(calls.filter((c) => c.url === '/api/session/refresh')).toHaveLength(1);
  });

  it('ends the session when the refresh fails or the retry is refused again', async () => {
    answers.push(expired, () => json(401, { status: 'ERROR', code: 'client/error', data: null, message: 'Unauthorized' }));
    await expect(api('/tools')).rejects.toMatchObject({ status: 401, message: 'Your session has ended; please sign in again' });
    expect(calls).toHaveLength(2);

    calls = [];
    answers.push(expired, () => new Response(null, { status: 204 }), expired);
    await expect(api('/tools')).rejects.toMatchObject({ status: 401, message: 'Your session has ended; please sign in again' });
    expect(calls).toHaveLength(3);
  });

  it('never refreshes for the session endpoints themselves (refresh: false)', async () => {
    answers.push(() => json(401, { status: 'ERROR', code: 'client/error', data: null, message: 'Wrong email or password' }));
    await expect(api('/session/sign-in', { method: 'POST', body: {}, refresh: false })).rejects.toMatchObject({ status: 401, message: 'Wrong email or password' });
    expect(calls).toHaveLength(1);
  });
});
