// Starts the real server (built app, `tsx server.ts`) on a fresh database for the API tests:
// SQLite in a temp folder by default, or the database of TEST_DATABASE_URL (PostgreSQL). Files go
// to the local disk, or with TEST_FILE_STORE=s3 to an S3-protocol server (s3rver) started here.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { API_KEY_PATTERN, isApiKey } from '../../lib/api-key-format';
import { startS3rver, type S3Server } from '../../scripts/lib/s3rver';
import { FILE_STORE_PREFIX, putObject } from './stored-files';
import { freePort } from '../../scripts/lib/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    dataDir: string;
  }
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/tools/availables`);
      if (res.status === 401) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become ready:\n${log()}`);
}

/** Hands every stored activity event (D12) to `check` as JSON text, 5,000 at a time; answers how many there were. */
async function scanActivityEvents(check: (text: string) => void): Promise<number> {
  const { db, loadDatabase } = await import('../../lib/server/db');
  await loadDatabase();
  let events = 0;
  for (let after = 0; ; ) {
    const rows = await db().activityEvent.findMany({ where: { seq: { gt: after } }, orderBy: { seq: 'asc' }, take: 5000 });
    if (!rows.length) return events;
    check(rows.map((r) => JSON.stringify(r)).join('\n'));
    events += rows.length;
    after = rows[rows.length - 1].seq;
  }
}

/**
 * The secrets scan: no response body of the whole run, nor the server's log, nor any stored
 * resource version (decision 013), may contain a provider key in full.
 */
async function scanForSecrets(dir: string, serverLog: string): Promise<void> {
  const secretsFile = path.join(dir, 'secrets.log');
  const responsesFile = path.join(dir, 'responses.log');
  if (!existsSync(secretsFile) || !existsSync(responsesFile)) return;
  const secrets = readFileSync(secretsFile, 'utf8').split('\n').filter(Boolean);
  const responses = readFileSync(responsesFile, 'utf8');
  const leaked = secrets.filter((s) => responses.includes(s));
  if (leaked.length) throw new Error(`${leaked.length} provider key(s) appeared in full in API responses`);
  const logged = secrets.filter((s) => serverLog.includes(s));
  if (logged.length) throw new Error(`${logged.length} provider key(s) appeared in full in the server's log`);
  const { db, loadDatabase } = await import('../../lib/server/db');
  await loadDatabase();
  let stored = 0;
  for (let after = 0; ; ) {
    const rows = await db().resourceVersion.findMany({ where: { seq: { gt: after } }, orderBy: { seq: 'asc' }, take: 5000, select: { seq: true, state: true } });
    if (!rows.length) break;
    const text = rows.map((r) => JSON.stringify(r.state)).join('\n');
    const inVersions = secrets.filter((s) => text.includes(s));
    if (inVersions.length) throw new Error(`${inVersions.length} provider key(s) appeared in full in stored resource versions`);
    if (/"apikey"\s*:/.test(text)) throw new Error('a stored resource version holds an "apikey" field');
    stored += rows.length;
    after = rows[rows.length - 1].seq;
  }
  // Activity events (D12) name resources and people, never a secret.
  const events = await scanActivityEvents((text) => {
    const inEvents = secrets.filter((s) => text.includes(s));
    if (inEvents.length) throw new Error(`${inEvents.length} provider key(s) appeared in full in activity events`);
  });
  await db().$disconnect();
  console.log(`secrets scan: ${secrets.length} provider keys, ${responses.split('\n').length - 1} responses, ${stored} stored versions, ${events} activity events, none leaked`);
}

/** The answers that may carry an API key's secret, once: its creation and its roll (decision 082). */
const MAKES_A_KEY = /^201 POST \/api-keys(?:\/[^/\s]+\/roll)? /;

/**
 * The secrets scan for API keys of the current format (checksummed, decision 082), which the run
 * finds itself: each may appear in the one answer that made it, and nowhere else — no other
 * answer, not the server's log, no activity event. Answers the keys found, for the scan of the
 * database's files.
 */
async function scanForApiKeys(dir: string, serverLog: string): Promise<string[]> {
  const responsesFile = path.join(dir, 'responses.log');
  if (!existsSync(responsesFile)) return [];
  const seen = new Map<string, number>();
  const misplaced: string[] = [];
  for (const line of readFileSync(responsesFile, 'utf8').split('\n')) {
    for (const [key] of line.matchAll(API_KEY_PATTERN)) {
      if (!isApiKey(key)) continue;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (!MAKES_A_KEY.test(line)) misplaced.push(line.split(' ', 3).join(' ')); // status, method and path: never the secret
    }
  }
  if (misplaced.length) throw new Error(`${misplaced.length} API key secret(s) appeared in answers that do not make a key: ${misplaced.slice(0, 5).join('; ')}`);
  const repeated = [...seen.values()].filter((n) => n > 1).length;
  if (repeated) throw new Error(`${repeated} API key secret(s) were answered more than once`);
  const logged = [...seen.keys()].filter((key) => serverLog.includes(key)).length;
  if (logged) throw new Error(`${logged} API key secret(s) appeared in the server's log`);
  const events = await scanActivityEvents((text) => {
    if ([...seen.keys()].some((key) => text.includes(key))) throw new Error('an API key secret appeared in an activity event');
  });
  console.log(`secrets scan: ${seen.size} API keys answered once each by their creation or roll, none in the log or ${events} activity events`);
  return [...seen.keys()];
}

/**
 * The scan of invitation and password-reset secrets (D11): each appears in at most one answer of
 * the run (the one that made its link), in no line of the server's log and in no activity event.
 */
async function scanLinkSecrets(dir: string, serverLog: string): Promise<void> {
  const file = path.join(dir, 'link-secrets.log');
  const responsesFile = path.join(dir, 'responses.log');
  if (!existsSync(file)) return;
  const secrets = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const responses = existsSync(responsesFile) ? readFileSync(responsesFile, 'utf8').split('\n') : [];
  const repeated = secrets.filter((s) => responses.filter((line) => line.includes(s)).length > 1);
  if (repeated.length) throw new Error(`${repeated.length} invitation or reset secret(s) appeared in more than the answer that made them`);
  if (secrets.some((s) => serverLog.includes(s))) throw new Error("an invitation or reset secret appeared in the server's log");
  const events = await scanActivityEvents((text) => {
    if (secrets.some((s) => text.includes(s))) throw new Error('an invitation or reset secret appeared in an activity event');
  });
  console.log(`secrets scan: ${secrets.length} invitation and reset secrets, each in at most its one answer, none in the log or ${events} activity events`);
}

/**
 * The same scan over the SQLite database's files (the database, its write-ahead log): a provider
 * key is stored only encrypted, so none may appear in plain text in any table (resources, history,
 * versions, bundles imported). Run after the server stopped. PostgreSQL's files are not ours to read.
 */
function scanDatabaseForSecrets(dir: string, databaseUrl: string, apiKeys: string[]): void {
  const files = ['secrets.log', 'link-secrets.log'].map((f) => path.join(dir, f)).filter(existsSync);
  if ((!files.length && !apiKeys.length) || !databaseUrl.startsWith('file:')) return;
  const file = databaseUrl.slice('file:'.length);
  const contents = [file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f).toString('latin1'));
  // API keys are stored as hashes only, in every table (activity included).
  const storedKeys = apiKeys.filter((s) => contents.some((c) => c.includes(s)));
  if (storedKeys.length) throw new Error(`${storedKeys.length} API key secret(s) appeared in plain text in the database`);
  const secrets = files.flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean));
  const stored = secrets.filter((s) => contents.some((c) => c.includes(s)));
  if (stored.length) throw new Error(`${stored.length} provider key(s) or link secret(s) appeared in plain text in the database`);
  console.log(`secrets scan: ${secrets.length} provider keys and link secrets, none in plain text in the database (${contents.length} file(s))`);
}

/**
 * The answers of the run that did not match their schema in the OpenAPI document, one line each
 * (tests/api/response-check.ts records them from the request helpers).
 */
function schemaMismatches(dir: string): string[] {
  const file = path.join(dir, 'schema-mismatches.log');
  const responses = path.join(dir, 'responses.log');
  const checked = existsSync(responses) ? readFileSync(responses, 'utf8').split('\n').length - 1 : 0;
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  console.log(`response schemas: ${checked} answers checked against the OpenAPI document, ${lines.length} mismatch(es)`);
  return lines.map((line) => {
    const m = JSON.parse(line) as { method: string; path: string; status: number; problem: string; test: string };
    return `${m.method} ${m.path} → ${m.status}: ${m.problem}  [${m.test}]`;
  });
}

const HOUR = 3600_000;

/** The SECRET_KEY of the suite's server on PostgreSQL (a test value: it protects nothing real). */
const TEST_SECRET_KEY = '5e'.repeat(32);

/**
 * What a crash leaves in the file store, planted before the server starts: staging files of cut
 * uploads (local disk) and stored files no knowledge base points at, some older than the sweep's
 * bound (removed at start), some fresh (kept: they could be uploads under way). The company does
 * not exist. knowledge-bases.test.ts checks what is left. Only in the run's own store (not in a
 * FILES_DIR given from outside).
 */
async function plantCrashLeftovers(dataDir: string, s3: S3Server | null): Promise<void> {
  const old = new Date(Date.now() - 2 * HOUR);
  if (s3) {
    for (const name of ['0b0e5a57-0000-4000-8000-000000000000.txt', '0b0e5a57-0000-4000-8000-000000000003.txt']) {
      await putObject(`crashed-company/${name}`, 'a stored file');
    }
    s3.age(`${FILE_STORE_PREFIX}/crashed-company/0b0e5a57-0000-4000-8000-000000000003.txt`, old);
    return;
  }
  if (process.env.FILES_DIR) return;
  const dir = path.join(dataDir, 'files', 'crashed-company');
  mkdirSync(dir, { recursive: true });
  const files: [string, string, boolean][] = [
    ['.upload-6f1c2d3e-0000-4000-8000-000000000001', 'half an upload', true],
    ['.upload-6f1c2d3e-0000-4000-8000-000000000002', '', true],
    ['.upload-6f1c2d3e-0000-4000-8000-000000000004', 'an upload under way', false],
    ['0b0e5a57-0000-4000-8000-000000000000.txt', 'a stored file', false],
    ['0b0e5a57-0000-4000-8000-000000000003.txt', 'an orphan', true],
  ];
  for (const [name, text, isOld] of files) {
    writeFileSync(path.join(dir, name), text);
    if (isOld) utimesSync(path.join(dir, name), old, old);
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aoc-api-'));
  const databaseUrl = process.env.TEST_DATABASE_URL || `file:${path.join(dataDir, 'app.db')}`;
  // A PostgreSQL database outlives the run (npm test runs two suites on it; a developer reruns on
  // one): every run's server must start with the key the database first saw (decision 044), so
  // these runs use one fixed test key. On SQLite the server makes its own key in the fresh folder.
  if (process.env.TEST_DATABASE_URL) process.env.SECRET_KEY ||= TEST_SECRET_KEY;
  const port = await freePort();
  const s3 = process.env.TEST_FILE_STORE === 's3' ? await startS3rver() : null;
  // The server and the test process (tests/api/stored-files.ts) both reach the store.
  if (s3) Object.assign(process.env, s3.env, { FILE_STORE: `s3://${s3.bucket}/${FILE_STORE_PREFIX}` });
  await plantCrashLeftovers(dataDir, s3);
  let output = '';
  // TRUST_PROXY=1: the server stands behind one (pretend) proxy, so tests can speak from many
  // client addresses with X-Forwarded-For (brute-force.test.ts); requests without it still
  // count as their socket's address.
  const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'production', TRUST_PROXY: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The log is also written to <dataDir>/server.log, which tests read (helpers.ts: serverLog).
  const logFile = path.join(dataDir, 'server.log');
  const collect = (d: Buffer) => {
    output += d;
    appendFileSync(logFile, d);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitReady(baseUrl, child, () => output);
  // The test process creates its companies in the same database (see helpers.ts).
  process.env.DATABASE_URL = databaseUrl;
  process.env.DATA_DIR = dataDir;
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl);
  project.provide('dataDir', dataDir);
  // Vitest reports an error thrown here ("error during close") but keeps exit code 0: set it, so a
  // leak, an unexpected error or a schema mismatch fails `npm test` (scripts/validate.ts reads it).
  return async () => {
    try {
      await checkRun(child, output, dataDir, databaseUrl);
    } catch (error) {
      process.exitCode = 1;
      if (child.exitCode === null) child.kill('SIGTERM');
      throw error;
    } finally {
      await s3?.stop();
    }
  };
}

async function checkRun(child: ChildProcess, output: string, dataDir: string, databaseUrl: string): Promise<void> {
  await scanLinkSecrets(dataDir, output);
  await scanForSecrets(dataDir, output);
  const apiKeys = await scanForApiKeys(dataDir, output);
  const { databaseLoaded, db } = await import('../../lib/server/db');
  if (databaseLoaded()) await db().$disconnect();
  // No request of the whole run, however wrong, may reach the server's "unexpected error" path.
  const unexpected = output.split('\n').filter((line) => line.includes('unexpected error'));
  if (unexpected.length) throw new Error(`the server logged ${unexpected.length} unexpected error(s):\n${unexpected.slice(0, 20).join('\n')}`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  scanDatabaseForSecrets(dataDir, databaseUrl, apiKeys);
  const mismatches = schemaMismatches(dataDir);
  if (process.env.AOC_KEEP_TEST_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  if (/server\/error|unexpected error/.test(output) && process.env.AOC_SHOW_SERVER_LOG === '1') console.log(output);
  if (mismatches.length) {
    throw new Error(`${mismatches.length} API answer(s) do not match the OpenAPI document (lib/api/openapi):\n${mismatches.slice(0, 50).join('\n')}`);
  }
}
