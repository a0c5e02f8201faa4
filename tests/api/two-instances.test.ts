// Several instances, proven (D13, issue 21 part 2, decision 044): two servers (the compiled
// dist/server.mjs, as `npm start` runs it) on one PostgreSQL database of their own and one S3
// store (s3rver), behind a real nginx running the deployment example deploy/nginx.conf. Each
// instance has its own data folder: they share only the database, the store and SECRET_KEY.
// Checked through the proxy and against each instance directly: credentials made on one work on
// the other, a write on one is read on the other at once, a file uploaded through one comes back
// byte-identical through the other, sign-out, key revocation and member removal are refused on
// both within D13's 5 s (polled; the delays are printed as figures, never asserted), brute-force
// limits add up across instances, a cut LISTEN connection costs no revocation, and a server
// with another SECRET_KEY refuses to start.
// PostgreSQL runs only (TEST_DATABASE_URL): on SQLite one file serves one process (decision 042).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@/lib/server/auth/rate-limit';
import { freePort } from '@/scripts/lib/free-port';
import { startNginx, type Nginx } from '@/scripts/lib/nginx';
import { startS3rver, type S3Server } from '@/scripts/lib/s3rver';
import { createAgent, createModel } from './factories';
import { call, type ApiResponse, type TestCompany } from './helpers';
import { CONSOLE, PASSWORD, fromAddress, tokenOf, uniqueEmail } from './people';

/** D13: a revoked credential or removed member is refused everywhere within this bound. */
const REFUSED_EVERYWHERE_WITHIN_MS = 5_000;

type Instance = { name: string; url: string; child: ChildProcess; output: () => string };

const dataDirs: string[] = [];

/** Starts `node dist/server.mjs` with `env`; resolves once it is ready, or with its exit code and output when it stops first. */
async function startInstance(name: string, env: Record<string, string>): Promise<Instance | { code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `aoc-${name}-`));
  dataDirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', TRUST_PROXY: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${url}/api/health/ready`).then((r) => r.status === 200, () => false);
    if (ready) return { name, url, child, output: () => output };
    if (child.exitCode !== null) return { code: await exited, output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not become ready:\n${output}`);
}

async function started(name: string, env: Record<string, string>): Promise<Instance> {
  const instance = await startInstance(name, env);
  if (!('url' in instance)) throw new Error(`${name} stopped at start (exit ${instance.code}):\n${instance.output}`);
  return instance;
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null) return;
  const exited = new Promise((r) => instance.child.once('exit', r));
  instance.child.kill('SIGTERM');
  await exited;
}

/** name → value of the cookies an answer sets. */
function cookiesOf(res: ApiResponse): Map<string, string> {
  return new Map(res.headers.getSetCookie().map((line) => {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))] as const;
  }));
}

const cookieHeader = (cookies: Map<string, string>, ...names: string[]) => names.map((n) => `${n}=${encodeURIComponent(cookies.get(n) ?? '')}`).join('; ');

let a: Instance;
let b: Instance;
let proxy: Nginx;
let s3: S3Server;
let env: Record<string, string>;
let owner: TestCompany;
/** The owner's console session made at setup (on a), its cookies. */
let ownerCookies: Map<string, string>;
const ownerEmail = uniqueEmail('owner');
/**
 * Every base a check runs against: both instances directly, and the proxy. `answers`: how many
 * requests in a row it takes to reach every instance (nginx sends consecutive requests round robin).
 */
let everywhere: { name: string; url: string; answers: number }[];

/**
 * Polls `refused(base)` on every base at once, each until it answers true (through the proxy: on
 * every instance behind it, in a row); answers each one's delay in ms from `since`. Fails (naming
 * the base) if one still accepts the credential at D13's bound.
 */
async function refusedEverywhere(since: number, refused: (base: string) => Promise<boolean>): Promise<Map<string, number>> {
  const refusedOn = async (url: string, answers: number) => {
    for (let i = 0; i < answers; i++) if (!(await refused(url))) return false;
    return true;
  };
  const delays = await Promise.all(
    everywhere.map(async ({ name, url, answers }) => {
      while (!(await refusedOn(url, answers))) {
        if (performance.now() - since > REFUSED_EVERYWHERE_WITHIN_MS) throw new Error(`still accepted on ${name} ${REFUSED_EVERYWHERE_WITHIN_MS} ms after the revocation was answered`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return [name, Math.round(performance.now() - since)] as const;
    }),
  );
  return new Map(delays);
}

const figures: string[] = [];
const figure = (line: string) => figures.push(line);

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances behind nginx, one PostgreSQL, one S3 store', () => {
  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`compiling the server failed:\n${built.stderr}`);
    const { createDatabase } = await import('@/scripts/lib/postgres');
    const databaseUrl = await createDatabase(process.env.TEST_DATABASE_URL!, `instances_${Date.now().toString(36)}`);
    s3 = await startS3rver('aoc-instances');
    env = { ...s3.env, DATABASE_URL: databaseUrl, FILE_STORE: `s3://${s3.bucket}/kb-files`, SECRET_KEY: randomBytes(32).toString('hex') };
    // The first instance migrates the fresh database; the second starts once it is ready.
    a = await started('instance-a', env);
    b = await started('instance-b', env);
    proxy = await startNginx([new URL(a.url).host, new URL(b.url).host]);
    everywhere = [
      { name: 'instance a', url: a.url, answers: 1 },
      { name: 'instance b', url: b.url, answers: 1 },
      { name: 'proxy', url: proxy.url, answers: 2 },
    ];
    // First run through the proxy: the company and its owner, signed in (a console session).
    const setup = await call('/session/setup', { base: proxy.url, method: 'POST', headers: CONSOLE, body: { company: 'Two Instances', name: 'Olive Owner', email: ownerEmail, password: PASSWORD } });
    expect(setup.status, setup.text).toBe(201);
    ownerCookies = cookiesOf(setup);
    const session = ownerCookies.get('aoc_session')!;
    const key = await call('/api-keys', { base: a.url, method: 'POST', token: session, body: { name: 'deploy', role: 'admin' } });
    expect(key.status, key.text).toBe(201);
    const minted = await call('/authentication/generate-access-token', { base: b.url, headers: { authorization: `ApiKey ${key.body.data.apiKey}` } });
    expect(minted.status, minted.text).toBe(200);
    owner = { id: setup.body.data.company.id, name: 'Two Instances', apiKey: key.body.data.apiKey, apiKeyId: key.body.data.id, token: minted.body.data.idToken, refreshToken: minted.body.data.refreshToken, base: a.url };
  }, 240_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await s3?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (figures.length) console.log(`two instances (figures, this machine under its current load):\n  ${figures.join('\n  ')}`);
  });

  it('a console session and an API key made on one instance work on the other and through the proxy', async () => {
    for (const { url } of everywhere) {
      const session = await call('/session', { base: url, headers: { ...CONSOLE, cookie: cookieHeader(ownerCookies, 'aoc_session') } });
      expect(session.status, session.text).toBe(200);
      expect(session.body.data.user.email).toBe(ownerEmail);
      // The key was made on a and exchanged on b; its token is read everywhere.
      expect((await call('/agents', { base: url, token: owner.token })).status).toBe(200);
    }
    // A link made through the proxy names the proxy (deploy/nginx.conf passes the Host on), not an instance.
    const invited = await call('/invitations', { base: proxy.url, method: 'POST', token: owner.token, body: { email: uniqueEmail('linked'), role: 'viewer' } });
    expect(invited.status, invited.text).toBe(201);
    expect(new URL(invited.body.data.url).origin).toBe(proxy.url);
    // The session's refresh cookie, made through the proxy, is rotated on b and the new pair works on a.
    const refreshed = await call('/session/refresh', { base: b.url, method: 'POST', headers: { ...CONSOLE, cookie: cookieHeader(ownerCookies, 'aoc_refresh') } });
    expect(refreshed.status, refreshed.text).toBe(200);
    const rotated = cookiesOf(refreshed);
    expect((await call('/session', { base: a.url, headers: { ...CONSOLE, cookie: cookieHeader(rotated, 'aoc_session') } })).status).toBe(200);
    // The old refresh cookie is spent on every instance: presenting it again on a is reuse (401).
    expect((await call('/session/refresh', { base: a.url, method: 'POST', headers: { ...CONSOLE, cookie: cookieHeader(ownerCookies, 'aoc_refresh') } })).status).toBe(401);
    // That retired the family, the pair rotated on b included: sign in again (on b) for what follows.
    const again = await call('/session/sign-in', { base: b.url, method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { email: ownerEmail, password: PASSWORD } });
    expect(again.status, again.text).toBe(200);
    ownerCookies = cookiesOf(again);
  });

  it('a write on one instance is read on the other at once, in the detail and in the list', async () => {
    const modelId = await createModel(owner);
    const agentId = await createAgent({ ...owner, base: a.url }, modelId, { name: 'Written on a' });
    // Each read right after each write, on the instance that did not write it (and through the proxy).
    const detail = await call(`/agents/${agentId}`, { base: b.url, token: owner.token });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data.Agent.name).toBe('Written on a');
    const body = { ...detail.body.data.Agent, name: 'Renamed on b' };
    delete body.id;
    for (const [writer, reader, name] of [
      [b, a, 'Renamed on b'],
      [a, b, 'Renamed on a'],
    ] as const) {
      const put = await call(`/agents/${agentId}`, { base: writer.url, method: 'PUT', token: owner.token, body: { ...body, name } });
      expect(put.status, put.text).toBe(200);
      expect((await call(`/agents/${agentId}`, { base: reader.url, token: owner.token })).body.data.Agent.name).toBe(name);
      const list = await call('/agents', { base: reader.url, token: owner.token });
      expect(list.body.find((x: { id: string }) => x.id === agentId)?.name).toBe(name);
    }
    // Through the proxy: each write is followed by reads that land on both instances (round robin).
    for (const enabled of [false, true, false]) {
      expect((await call(`/agents/${agentId}/enable`, { base: proxy.url, method: 'PUT', token: owner.token, body: { enabled } })).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await call(`/agents/${agentId}`, { base: proxy.url, token: owner.token })).body.data.Agent.enabled).toBe(enabled);
    }
    expect((await call(`/agents/${agentId}`, { base: a.url, method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await call(`/agents/${agentId}`, { base: b.url, token: owner.token })).status).toBe(404);
  });

  it('a knowledge-base file uploaded through one instance is downloaded byte-identical through the other and the proxy', async () => {
    const size = 5 * 1024 * 1024;
    const bytes = new Uint8Array(randomBytes(size));
    const digest = createHash('sha256').update(bytes).digest('hex');
    const made = await call('/knowledge-bases', {
      base: a.url,
      method: 'POST',
      token: owner.token,
      body: { knowledgeBase: { name: 'Shared file', description: 'a file', enabled: true, sectors: ['support'], type: 'file', content: '', multimodal: false, tags: [] }, filename: 'manual.bin' },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id;
    for (const [via, from] of [
      [a, [b, proxy]],
      [proxy, [a, b]],
    ] as const) {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'manual.bin');
      const t0 = performance.now();
      const put = await fetch(`${via.url}/api/knowledge-bases/${id}/file`, { method: 'PUT', headers: { authorization: owner.token }, body: form });
      const uploadMs = performance.now() - t0;
      expect(put.status, await put.clone().text()).toBe(200);
      await put.arrayBuffer();
      for (const reader of from) {
        const t1 = performance.now();
        const got = await fetch(`${reader.url}/api/knowledge-bases/${id}/file`, { headers: { authorization: owner.token } });
        expect(got.status).toBe(200);
        const back = Buffer.from(await got.arrayBuffer());
        const downloadMs = performance.now() - t1;
        expect(back.length).toBe(size);
        expect(createHash('sha256').update(back).digest('hex')).toBe(digest);
        figure(`5 MiB file: upload via ${via === proxy ? 'proxy' : 'instance a'} ${Math.round(uploadMs)} ms, download via ${reader === proxy ? 'proxy' : reader === a ? 'instance a' : 'instance b'} ${Math.round(downloadMs)} ms, byte-identical`);
      }
    }
  });

  it('sign-out, key revocation and member removal are refused on both instances and through the proxy within 5 s', async () => {
    const stillWorks = async (token: string) => {
      for (const { url } of everywhere) expect((await call('/agents', { base: url, token })).status).toBe(200); // each instance now holds it in its token cache
    };
    const refusedWith = (token: string) => async (base: string) => (await call('/agents', { base, token })).status === 401;

    // Sign-out on a of a session made on b.
    const signedIn = await call('/session/sign-in', { base: b.url, method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { email: ownerEmail, password: PASSWORD } });
    expect(signedIn.status, signedIn.text).toBe(200);
    const session = cookiesOf(signedIn);
    await stillWorks(session.get('aoc_session')!);
    const out = await call('/session/sign-out', { base: a.url, method: 'POST', headers: { ...CONSOLE, cookie: cookieHeader(session, 'aoc_session', 'aoc_refresh') } });
    expect(out.status, out.text).toBe(200);
    const signOut = await refusedEverywhere(performance.now(), refusedWith(session.get('aoc_session')!));

    // Revocation on b of a key whose token was minted on a.
    const key = await call('/api-keys', { base: b.url, method: 'POST', token: owner.token, body: { name: 'short-lived', role: 'viewer' } });
    expect(key.status, key.text).toBe(201);
    const minted = await call('/authentication/generate-access-token', { base: a.url, headers: { authorization: `ApiKey ${key.body.data.apiKey}` } });
    const keyToken = minted.body.data.idToken as string;
    await stillWorks(keyToken);
    expect((await call(`/api-keys/${key.body.data.id}`, { base: b.url, method: 'DELETE', token: owner.token })).status).toBe(200);
    const revocation = await refusedEverywhere(performance.now(), refusedWith(keyToken));
    expect((await call('/authentication/generate-access-token', { base: a.url, headers: { authorization: `ApiKey ${key.body.data.apiKey}` } })).status).toBe(401);

    // Removal on a of a member who joined (and signed in) on b.
    const invited = await call('/invitations', { base: a.url, method: 'POST', token: owner.token, body: { email: uniqueEmail('editor'), role: 'editor' } });
    expect(invited.status, invited.text).toBe(201);
    const joined = await call('/invitations/accept', { base: b.url, method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { token: tokenOf(invited.body.data.url), name: 'Eddie Editor', password: PASSWORD } });
    expect(joined.status, joined.text).toBe(200);
    const memberToken = cookiesOf(joined).get('aoc_session')!;
    await stillWorks(memberToken);
    expect((await call(`/members/${joined.body.data.user.id}`, { base: a.url, method: 'DELETE', token: owner.token })).status).toBe(200);
    const removal = await refusedEverywhere(performance.now(), refusedWith(memberToken));

    for (const [what, delays] of [
      ['sign-out on a', signOut],
      ['key revocation on b', revocation],
      ['member removal on a', removal],
    ] as const) {
      figure(`${what}: first refusal after ${[...delays].map(([where, ms]) => `${where} ${ms} ms`).join(', ')} (polled every ~10 ms; bound 5,000 ms)`);
    }
  });

  it('a lost listening connection costs no revocation: the instances reconnect, and the token is refused everywhere within 5 s', async () => {
    // Both instances' LISTEN connections are cut (as a database restart or a network blip would).
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    try {
      const cut = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN aoc_tokens_forgotten%'`);
      expect(cut.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    const key = await call('/api-keys', { base: a.url, method: 'POST', token: owner.token, body: { name: 'during the cut', role: 'viewer' } });
    expect(key.status, key.text).toBe(201);
    const minted = await call('/authentication/generate-access-token', { base: b.url, headers: { authorization: `ApiKey ${key.body.data.apiKey}` } });
    const token = minted.body.data.idToken as string;
    for (const { url } of everywhere) expect((await call('/agents', { base: url, token })).status).toBe(200);
    expect((await call(`/api-keys/${key.body.data.id}`, { base: a.url, method: 'DELETE', token: owner.token })).status).toBe(200);
    const delays = await refusedEverywhere(performance.now(), async (base) => (await call('/agents', { base, token })).status === 401);
    figure(`key revocation on a right after both listening connections were cut: first refusal after ${[...delays].map(([where, ms]) => `${where} ${ms} ms`).join(', ')}`);
    expect(a.output() + b.output()).toContain('lost the connection that hears revocations from other instances');
  });

  it('brute-force limits add up across instances: failed attempts split over both hit the limit at the one-instance total', async () => {
    // Wrong API keys from one address (D2: more than 20 within a minute), half on each instance.
    const address = { 'x-forwarded-for': '203.0.113.77' };
    const { max } = LIMITS.address;
    for (let i = 0; i < max; i++) {
      const res = await call('/authentication/generate-access-token', { base: (i % 2 ? b : a).url, headers: { authorization: `ApiKey aok_wrong-${i}`, ...address } });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const instance of [a, b]) {
      expect((await call('/authentication/generate-access-token', { base: instance.url, headers: { authorization: 'ApiKey aok_wrong-last', ...address } })).status).toBe(429);
    }

    // Wrong passwords to one account from many addresses (10 per 15 minutes), alternating instances.
    const invited = await call('/invitations', { base: a.url, method: 'POST', token: owner.token, body: { email: uniqueEmail('viewer'), role: 'viewer' } });
    const email = invited.body.data.email as string;
    const joined = await call('/invitations/accept', { base: a.url, method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { token: tokenOf(invited.body.data.url), name: 'Vera Viewer', password: PASSWORD } });
    expect(joined.status, joined.text).toBe(200);
    const device = cookieHeader(cookiesOf(joined), 'aoc_device'); // this browser is trusted by the account (signed by a)
    for (let i = 0; i < LIMITS.account.max; i++) {
      const res = await call('/session/sign-in', { base: (i % 2 ? b : a).url, method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { email, password: 'not the password' } });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    // The account is closed to untrusted browsers on both instances, even with the right password...
    for (const instance of [a, b, proxy]) {
      expect((await call('/session/sign-in', { base: instance.url, method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { email, password: PASSWORD } })).status).toBe(429);
    }
    // ...while the browser trusted on a still gets in on b: the device cookie checks with the shared SECRET_KEY.
    const trusted = await call('/session/sign-in', { base: b.url, method: 'POST', headers: { ...CONSOLE, ...fromAddress(), cookie: device }, body: { email, password: PASSWORD } });
    expect(trusted.status, trusted.text).toBe(200);
  });

  it('a server started with another SECRET_KEY on the same database refuses to start, naming SECRET_KEY, and the others keep serving', async () => {
    const otherKey = randomBytes(32).toString('hex');
    const outcome = await startInstance('instance-wrong-key', { ...env, SECRET_KEY: otherKey });
    expect('url' in outcome, 'the server with another key started').toBe(false);
    const { code, output } = outcome as { code: number | null; output: string };
    expect(code, output).toBe(1);
    expect(output).toContain('SECRET_KEY is not the key this database was first started with');
    expect(output).not.toContain(otherKey);
    expect(output).not.toContain(env.SECRET_KEY);
    for (const { url } of everywhere) expect((await call('/agents', { base: url, token: owner.token })).status).toBe(200);
  });
});
