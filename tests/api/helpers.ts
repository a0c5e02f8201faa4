// HTTP helpers and factories for the API tests. Every test makes the company it needs.
import { appendFileSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { checkResponse } from './response-check';

export const baseUrl = (): string => inject('baseUrl');

/** Every response body of the run goes to this file; global-setup scans it for provider keys. */
export const responsesLog = (): string => path.join(inject('dataDir'), 'responses.log');
export const secretsLog = (): string => path.join(inject('dataDir'), 'secrets.log');

/** Everything the server has printed so far (global-setup.ts tees its output to this file). */
export const serverLog = (): string => readFileSync(path.join(inject('dataDir'), 'server.log'), 'utf8');

export const linkSecretsLog = (): string => path.join(inject('dataDir'), 'link-secrets.log');

/**
 * Registers the secret of an invitation or password-reset link (D11): the end-of-run scan proves
 * it appeared in exactly the one answer that made it (none for the command line's), and in no
 * log line, activity event or database file.
 */
export function registerLinkSecret(url: string): string {
  const secret = new URL(url).searchParams.get('token') ?? '';
  if (!secret) throw new Error(`no token in ${url}`);
  appendFileSync(linkSecretsLog(), `${secret}\n`);
  return secret;
}

/** Registers a provider key a test sends, so the end-of-run scan proves no answer carried it. */
export function registerSecret(secret: string): string {
  appendFileSync(secretsLog(), `${secret}\n`);
  return secret;
}

/**
 * An answer's body as the tests read it: loose JSON, whose shape the assertions check
 * (typing every answer of the spec here would repeat lib/schemas for no extra safety).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the one loose type of the tests
export type LooseJson = any;

export type ApiResponse<T = LooseJson> = { status: number; body: T; text: string; headers: Headers };

export type CallOptions = {
  method?: string;
  token?: string | null;
  body?: unknown;
  /** Raw body text, sent as is (malformed JSON, huge bodies). */
  raw?: string;
  headers?: Record<string, string>;
  /** Another server than the suite's (e.g. `http://127.0.0.1:PORT`; two-instances.test.ts). */
  base?: string;
};

export async function call<T = LooseJson>(path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = options.token;
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${options.base ?? baseUrl()}/api${path}`, { method: options.method ?? 'GET', headers, body: payload });
  const text = await res.text();
  appendFileSync(responsesLog(), `${res.status} ${options.method ?? 'GET'} ${path} ${text}\n`);
  checkResponse(options.method ?? 'GET', path, res.status, text);
  let body: LooseJson = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, body, text, headers: res.headers };
}

/** `base`: the server the factories call (the suite's when absent). */
export type TestCompany = { id: string; name: string; apiKey: string; apiKeyId: string; token: string; refreshToken: string; base?: string };

let counter = 0;

/** A new company with an API key and an access token (created in the server's database). */
export async function newCompany(name = `Company ${++counter} ${Date.now()}`): Promise<TestCompany> {
  const { createCompany } = await import('@/lib/server/companies');
  const company = await createCompany(name);
  const res = await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${company.apiKey}` } });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return { ...company, token: res.body.data.idToken, refreshToken: res.body.data.refreshToken };
}

/** Asserts the D2 error envelope and returns it. */
export function expectError(res: ApiResponse, status: number, code = status >= 500 ? 'server/error' : 'client/error') {
  if (res.status !== status || res.body?.status !== 'ERROR' || res.body?.code !== code || res.body?.data !== null || typeof res.body?.message !== 'string') {
    throw new Error(`expected ${status} ${code} envelope, got ${res.status}: ${res.text.slice(0, 500)}`);
  }
  return res.body as { status: 'ERROR'; code: string; data: null; message: string; errors?: { path: string; message: string }[] };
}

/** The paths named in a 400's `errors[]`. */
export const errorPaths = (res: ApiResponse): string[] => (res.body?.errors ?? []).map((e: { path: string }) => e.path);

export type RawResponse = { status: number; headers: Record<string, string>; text: string; body: LooseJson };

/**
 * One request over a raw socket, exactly as written: paths fetch would normalise (`..`, `//`),
 * methods fetch refuses (TRACE), bodies on GET. Always `connection: close`.
 */
export function rawHttp(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(baseUrl()).port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('end', () => {
      const data = Buffer.concat(chunks);
      const split = data.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = data.subarray(0, split).toString('latin1').split('\r\n');
      const head = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const payload = data.subarray(split + 4);
      const text = (head['transfer-encoding'] === 'chunked' ? dechunk(payload) : payload).toString('utf8');
      let parsed: LooseJson;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      appendFileSync(responsesLog(), `${statusLine} ${method} ${path} ${text}\n`);
      const status = Number(statusLine.split(' ')[1]);
      if (path.startsWith('/api/')) checkResponse(method, path.slice(4), status, text);
      resolve({ status: Number(statusLine.split(' ')[1]), headers: head, text, body: parsed });
    });
    const all = { host: 'localhost', connection: 'close', ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) };
    socket.write(`${method} ${path} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`);
    if (body !== undefined) socket.write(body);
  });
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    const size = parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}
