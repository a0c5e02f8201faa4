// The Prisma client for the configured database. Both generated clients share one model
// definition (prisma/schema.prisma), so the PostgreSQL client is typed as the SQLite one.
// Only the selected provider's generated client and driver adapter are ever loaded (dynamic
// import): each generated client with its query compiler weighs tens of megabytes once loaded.
// `loadDatabase()` loads and connects them once; `db()` is the synchronous accessor used by the
// data layer after that (the custom server, the route wrapper, scripts and tests await
// `loadDatabase()` first).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { PrismaClient } from '../generated/sqlite/client';
import { databaseTarget, type DatabaseTarget } from './config';
import { insideTransaction } from './sqlite-turns';

export type Db = PrismaClient;
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

async function createClient(target: DatabaseTarget): Promise<Db> {
  if (target.provider === 'postgresql') {
    const [{ PrismaPg }, { PrismaClient: PgClient }, { default: pg }, { registerPostgres }] = await Promise.all([
      import('@prisma/adapter-pg'),
      import('../generated/postgres/client'),
      import('pg'),
      import('./store/postgres'),
    ]);
    // One pool for Prisma and for the direct statements of lib/server/store/postgres.ts (decision 026).
    // As with the adapter's own pool: an idle connection's error (a database restart) discards that
    // connection and is not a crash; $disconnect ends the pool.
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    pool.on('error', () => undefined);
    registerPostgres(pool, pg.types.getTypeParser as (oid: number, format?: string) => unknown);
    return new PgClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) }) as unknown as Db;
  }
  const [{ PrismaBetterSqlite3 }, { PrismaClient: SqliteClient }, { adoptConnection, adoptReader }, { takeTurns }] = await Promise.all([
    import('@prisma/adapter-better-sqlite3'),
    import('../generated/sqlite/client'),
    import('./store/sqlite'),
    import('./sqlite-turns'),
  ]);
  mkdirSync(path.dirname(target.file), { recursive: true });
  const factory = new PrismaBetterSqlite3({ url: target.file, timeout: 10_000 });
  // Reads while a transaction is open run on a read-only connection beside it (decision 086).
  const readers = new PrismaBetterSqlite3({ url: target.file, timeout: 10_000, readonly: true });
  const openReader = async () => {
    const reader = await readers.connect();
    adoptReader(reader);
    return reader;
  };
  // The adapter factory interface of @prisma/driver-adapter-utils, wrapped (not patched): each
  // connection it opens is handed to the store (kept statements, direct statements; decision 031)
  // and made to take turns with open transactions, reads beside them (lib/server/sqlite-turns.ts).
  const adapter: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const connection = await factory.connect();
      adoptConnection(connection);
      takeTurns(connection, openReader);
      return connection;
    },
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
  return new SqliteClient({ adapter });
}

const KEY = Symbol.for('agent-orchestration.prisma');
const LOADING = Symbol.for('agent-orchestration.prisma-loading');
const holder = globalThis as unknown as Record<symbol, unknown>;

/**
 * Loads the selected database's client once per process (route bundles and the custom server
 * share it through a global). Cheap after the first call.
 */
export function loadDatabase(): Promise<Db> {
  const ready = holder[KEY] as Db | undefined;
  if (ready) return Promise.resolve(ready);
  let loading = holder[LOADING] as Promise<Db> | undefined;
  if (!loading) {
    loading = createClient(databaseTarget()).then(
      (client) => {
        holder[KEY] = client;
        holder[LOADING] = undefined;
        return client;
      },
      (error: unknown) => {
        holder[LOADING] = undefined;
        throw error;
      },
    );
    holder[LOADING] = loading;
  }
  return loading;
}

/** Whether `loadDatabase()` has completed (the route wrapper then awaits nothing for it). */
export const databaseLoaded = (): boolean => holder[KEY] !== undefined;

/** The process's client; `loadDatabase()` must have completed first. */
export function db(): Db {
  const client = holder[KEY] as Db | undefined;
  if (!client) throw new Error('The database client is not loaded yet: await loadDatabase() first');
  return client;
}

/**
 * Connection settings applied once at start. SQLite: write-ahead logging (readers never wait for
 * the writer; durable across process crashes) and `synchronous = NORMAL`, which in WAL mode fsyncs
 * at checkpoints rather than at every commit.
 */
export async function prepareDatabase(): Promise<void> {
  await loadDatabase();
  if (databaseTarget().provider !== 'sqlite') return;
  await db().$queryRawUnsafe('PRAGMA journal_mode = WAL');
  await db().$queryRawUnsafe('PRAGMA synchronous = NORMAL');
}

/** Readiness: the database answers a trivial query (false on any failure, never throws). */
export async function databaseReady(): Promise<boolean> {
  try {
    await (await loadDatabase()).$queryRawUnsafe('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** How long a transaction may wait for its turn, and run, unless it says otherwise. */
const TRANSACTION_MS = 20_000;

/**
 * Runs `fn` in one transaction: a change and its history record commit together or not at all.
 * `timeoutMs`: how long it may run (a bundle import at its caps gives way to other requests on
 * SQLite, decision 086, and so may take longer than an ordinary write under load).
 */
export function transaction<T>(fn: (tx: Tx) => Promise<T>, { timeoutMs = TRANSACTION_MS }: { timeoutMs?: number } = {}): Promise<T> {
  // The callback's async context is marked: on SQLite a query through db() from inside it would
  // wait for this very transaction (lib/server/sqlite-turns.ts refuses it at once).
  return db().$transaction((tx) => insideTransaction.run(true, () => fn(tx as Tx)), { maxWait: TRANSACTION_MS, timeout: timeoutMs });
}
