// Stopping cleanly (D13, decision 041). On SIGTERM or SIGINT the custom server (server.ts) stops
// taking connections, marks the process as draining (GET /api/health/ready then answers 503, so a
// load balancer stops sending), lets the requests in flight finish for up to DRAIN_TIMEOUT_MS,
// closes idle keep-alive connections at once and busy ones after their answer, closes the
// database (SQLite: the write-ahead log checkpointed into the database file; PostgreSQL: every
// pooled session ended with a Terminate message) and exits 0.
// The flag lives on globalThis: the route bundles Next.js loads are module instances of their own.
import type { Server } from 'node:http';
import { databaseTarget } from './config';
import { stopHousekeeping } from './housekeeping';
import { releaseSqliteFile } from './sqlite-owner';
import { stopListeningForForgottenTokens } from './auth/token-broadcast';

/** How long requests in flight may take to finish once a stop is asked for. */
export const DRAIN_TIMEOUT_MS = 10_000;

const KEY = Symbol.for('agent-orchestration.draining');
const holder = globalThis as unknown as Record<symbol, boolean | undefined>;

export const isDraining = (): boolean => holder[KEY] === true;

/**
 * Closes the database client, if one was loaded. SQLite: the write-ahead log is checkpointed into
 * the database file and truncated first, so the file alone holds everything committed.
 */
async function closeDatabase(): Promise<void> {
  const client = (globalThis as unknown as Record<symbol, { $queryRawUnsafe(sql: string): Promise<unknown>; $disconnect(): Promise<void> } | undefined>)[
    Symbol.for('agent-orchestration.prisma')
  ];
  await stopListeningForForgottenTokens(); // PostgreSQL: the connection that hears revocations (decision 044)
  if (client) {
    if (databaseTarget().provider === 'sqlite') await client.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)').catch(() => undefined);
    await client.$disconnect();
  }
  releaseSqliteFile(); // the SQLite file's server lock (./sqlite-owner)
}

/** How long the drain took, and whether requests were still in flight at the bound (then cut). */
type DrainResult = { ms: number; timedOut: boolean };

/**
 * Drains `server`: no new connection, idle keep-alive connections closed now and each busy one
 * once its answer is sent (answers say `connection: close` meanwhile: server.ts), the
 * requests in flight given `timeoutMs`; what is still open then is cut. Resolves when every
 * connection is closed; the database is closed after.
 */
export async function drain(server: Server, timeoutMs = DRAIN_TIMEOUT_MS): Promise<DrainResult> {
  holder[KEY] = true;
  const start = performance.now();
  let timedOut = false;
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // A connection becomes idle when its answer is sent: close it then, not at the client's leisure.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const limit = setTimeout(() => {
      timedOut = true;
      server.closeAllConnections();
    }, timeoutMs);
    server.once('close', () => {
      clearInterval(sweep);
      clearTimeout(limit);
    });
  });
  await stopHousekeeping(); // the clean-up jobs end before the database closes
  await closeDatabase();
  return { ms: Math.round(performance.now() - start), timedOut };
}
