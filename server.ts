// The HTTP server: Next.js (console + API) behind a thin Node layer that reads the JSON body of
// GET requests to /api (the spec's AI-model reads send one; Next.js drops it) and records the
// client's address, both in a per-request AsyncLocalStorage. Migrates the database first.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import next from 'next';
import { JSON_HEADERS, LIVENESS, errorEnvelope } from './lib/api/envelope';
import { ApiError } from './lib/errors';
import { clientAddress, trustedHops } from './lib/server/auth/client-address';
import { databaseTarget, MAX_BODY_BYTES } from './lib/server/config';
import { prepareDatabase } from './lib/server/db';
import { checkSecretKey } from './lib/server/secret-key-check';
import { listenForForgottenTokens } from './lib/server/auth/token-broadcast';
import { ownSqliteFile } from './lib/server/sqlite-owner';
import { drain, isDraining } from './lib/server/drain';
import { fileStore } from './lib/server/files';
import { sweepFileStore } from './lib/server/files/sweep';
import { startHousekeeping } from './lib/server/housekeeping';
import { admission, isQueued } from './server/admission';
import { apiPrecheck, isLivenessProbe, securityHeaders } from './server/front-door';
import { migrateDatabase } from './lib/server/migrate';
import { backfillVersions } from './lib/server/kinds/backfill';
import { requestContext, type GetBody } from './lib/server/request-context';
import { REQUESTED_PATH_HEADER } from './lib/safe-next';

const LIVENESS_BODY = JSON.stringify(LIVENESS);

async function readGetBody(req: IncomingMessage): Promise<GetBody> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (!declared && !req.headers['transfer-encoding']) return { kind: 'none' };
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    return { kind: 'too_large' };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return { kind: 'too_large' };
    chunks.push(chunk as Buffer);
  }
  return { kind: 'text', text: Buffer.concat(chunks).toString('utf8'), contentType: String(req.headers['content-type'] ?? '') };
}

/** An API error answered here, before Next.js (junk it would answer with text or HTML). */
function answer(res: ServerResponse, error: ApiError): void {
  res.writeHead(error.status, { ...JSON_HEADERS, ...error.headers });
  res.end(JSON.stringify(errorEnvelope(error)));
}

/** Whether the client reached us over https: directly, or through a proxy we trust to say so. */
function overHttps(req: IncomingMessage): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  return trustedHops() > 0 && String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() === 'https';
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Files no knowledge base points at, and what interrupted uploads left (decision 043). The
 * start's sweep runs while the server already answers: listing a large bucket must not hold it up.
 */
let firstFileSweep = true;
async function sweepFiles(): Promise<void> {
  const store = await fileStore();
  const { orphans, unfinished, kept } = await sweepFileStore(store);
  if (firstFileSweep || orphans || unfinished) {
    console.log(`[files] sweep of ${store.description}: ${orphans} orphaned file(s) and ${unfinished} unfinished upload(s) removed, ${kept} older file(s) in use`);
  }
  firstFileSweep = false;
}

export type StartOptions = { port?: number; hostname?: string; dev?: boolean; quiet?: boolean };

/**
 * In production, hands Next.js the configuration its build already resolved (the build's
 * required-server-files.json, as Next's own standalone server does) instead of letting it load
 * next.config.ts again, which compiles the TypeScript with SWC's native module at every start:
 * about 50 MB of resident memory and part of the cold start (decision 023).
 */
function applyBuiltNextConfig(): void {
  if (process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) return;
  const file = path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'required-server-files.json');
  try {
    const { config } = JSON.parse(readFileSync(file, 'utf8')) as { config?: Record<string, unknown> };
    if (config) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  } catch {
    /* no build yet: Next.js loads next.config.ts and reports the missing build itself */
  }
}

export async function startServer(options: StartOptions = {}) {
  const port = options.port ?? Number(process.env.PORT || 3000);
  const hostname = options.hostname ?? process.env.HOST ?? '0.0.0.0';
  const dev = options.dev ?? false;
  // START_TIMING=1 prints each start-up phase's milliseconds (since the process started) on stderr.
  const mark = process.env.START_TIMING === '1' ? (phase: string) => console.error(`start: ${phase} ${Math.round(performance.now())} ms`) : () => undefined;
  mark('modules loaded');
  // One SQLite file, one server process (decision 042): refused here, before anything is written.
  const target = databaseTarget();
  if (target.provider === 'sqlite') await ownSqliteFile(target.file);
  // Next.js prepares (loads its router and the build's manifests, no database) while the database
  // is migrated and prepared: the two overlap where either waits on the disk (decision 048).
  if (!dev) applyBuiltNextConfig();
  const app = next({ dev, dir: process.cwd(), port, hostname: 'localhost', quiet: options.quiet ?? true });
  const prepared = app.prepare().then(() => mark('Next.js prepared'));
  prepared.catch(() => undefined); // awaited below, once the database is ready (its failure is reported first)
  await migrateDatabase();
  mark('migrations checked');
  await prepareDatabase();
  mark('database prepared');
  // Every server on one database shares SECRET_KEY (D13, decision 044): another key stops the start here.
  await checkSecretKey();
  // PostgreSQL: revocations made on other instances are heard at once (decision 044).
  if (target.provider === 'postgresql') await listenForForgottenTokens(target.url);
  mark('secret key checked');
  await backfillVersions(); // first versions of resources written before versions existed (decision 013)
  mark('versions backfilled');
  // The store is chosen (a bad FILE_STORE stops the start here); its sweep runs behind.
  await fileStore();
  mark('file store chosen');
  const handle = app.getRequestHandler();
  await prepared;

  // The security headers depend on two booleans only: built once, not per request.
  const headersHttp = Object.entries(securityHeaders({ dev, https: false }));
  const headersHttps = Object.entries(securityHeaders({ dev, https: true }));
  // SQLite only: there a request's statements run on this loop, and at saturation one turn held
  // every client's work. On PostgreSQL the loop turns over while statements wait on the network,
  // and turns only cost CPU (decision 105).
  const turns = target.provider === 'sqlite' ? admission() : null;
  const server = createServer((req, res) => {
    // An answer sent before a chunked request body was read in full (413, 401, 415 on a large
    // upload) closes the connection: the unread chunks would otherwise stall the next request.
    // Bodies with a content-length are drained by Node itself and keep the connection.
    const chunked = req.headers['content-length'] === undefined && req.headers['transfer-encoding'] !== undefined;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    res.writeHead = ((...args: unknown[]) => {
      if (chunked && !req.complete) res.setHeader('connection', 'close');
      return writeHead(...args);
    }) as typeof res.writeHead;
    for (const [name, value] of overHttps(req) ? headersHttps : headersHttp) res.setHeader(name, value);
    // Stopping (lib/server/drain.ts): this connection closes after its answer.
    if (isDraining()) res.setHeader('connection', 'close');
    if (isLivenessProbe(req.method, req.url)) {
      req.resume();
      res.writeHead(200, JSON_HEADERS);
      res.end(req.method === 'HEAD' ? undefined : LIVENESS_BODY);
      return;
    }
    const refused = apiPrecheck(req.method, req.url);
    if (refused) {
      req.resume();
      answer(res, refused);
      return;
    }
    if (turns && isQueued(req.url ?? '')) turns.admit(() => void handOn(req, res));
    else void handOn(req, res);
  });
  /** Hands the request to Next.js, in a request context of its own (the GET body, the client's address). */
  const handOn = async (req: IncomingMessage, res: ServerResponse) => {
    if (res.destroyed) return; // the client left while it waited
    try {
      const isApiGet = (req.method === 'GET' || req.method === 'HEAD') && (req.url ?? '').startsWith('/api/');
      const getBody: GetBody = isApiGet ? await readGetBody(req) : { kind: 'none' };
      const remoteAddress = clientAddress(req);
      // The page asked for, for the console's sign-in redirect to come back to (always set here,
      // so a client's own value never gets through; lib/safe-next.ts checks it all the same).
      req.headers[REQUESTED_PATH_HEADER] = req.url ?? '/';
      const userAgent = req.headers['user-agent']?.slice(0, 512);
      await requestContext.run({ getBody, remoteAddress, userAgent }, () => handle(req, res));
    } catch {
      // Reading a GET body fails only when the client broke off: nobody is left to answer.
      if (!res.headersSent && !req.destroyed) answer(res, new ApiError('server', 'Internal server error'));
    }
  };
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, resolve);
  });
  mark('listening');
  // Housekeeping, outside any request (decision 086): idempotency keys past their 24 hours hourly
  // (decision 051); activity older than each company's retention daily (D12, decision 075);
  // brute-force attempts once their window no longer counts them (decision 009); unreferenced
  // files hourly (decision 043). Its modules load and its first turns run once the server
  // listens (decision 097), then on each timer; stopped when the server drains.
  const [{ removeExpiredIdempotencyKeys }, { removeExpiredActivity }, { PRUNE_EVERY_MS, pruneAuthFailures }] = await Promise.all([
    import('./lib/api/idempotency'),
    import('./lib/server/activity-log'),
    import('./lib/server/auth/rate-limit'),
  ]);
  startHousekeeping([
    { name: 'idempotency', everyMs: HOUR_MS, run: removeExpiredIdempotencyKeys },
    { name: 'activity', everyMs: 24 * HOUR_MS, run: removeExpiredActivity },
    { name: 'brute-force', everyMs: PRUNE_EVERY_MS, run: pruneAuthFailures },
    { name: 'files', everyMs: HOUR_MS, run: sweepFiles },
  ]);
  return { server, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())), drain: () => drain(server) };
}

/** Starts the server for `npm start` / `npm run serve` and prints how to get in. */
export async function main() {
  const dev = process.argv.includes('--dev');
  const { port, drain: stopServing } = await startServer({ dev });
  const { printWelcome } = await import('./lib/server/welcome');
  await printWelcome(port);
  // D13: stop cleanly (lib/server/drain.ts); a second signal while draining changes nothing.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the requests in flight, then stopping`);
    stopServing().then(
      ({ ms, timedOut }) => {
        console.log(`Stopped after ${ms} ms${timedOut ? ' (requests still running at the 10 s bound were cut)' : ''}`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Stopping failed:', error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

export function run(): void {
  main().catch((error: unknown) => {
    console.error('Could not start the server:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

if (process.argv[1] && /server\.(ts|js|mjs)$/.test(process.argv[1])) run();
