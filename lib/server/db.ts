// The Prisma client for the configured database. Both generated clients share one model
// definition (prisma/schema.prisma), so the PostgreSQL client is typed as the SQLite one.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaClient as PgClient } from '../generated/postgres/client';
import { PrismaClient } from '../generated/sqlite/client';
import { databaseTarget } from './config';

export type Db = PrismaClient;
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

function createClient(): Db {
  const target = databaseTarget();
  if (target.provider === 'postgresql') {
    return new PgClient({ adapter: new PrismaPg({ connectionString: target.url, max: 10 }) }) as unknown as Db;
  }
  mkdirSync(path.dirname(target.file), { recursive: true });
  return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: target.file, timeout: 10_000 }) });
}

const KEY = Symbol.for('agent-orchestration.prisma');
const holder = globalThis as unknown as Record<symbol, Db | undefined>;

/** One client per process (route bundles and the custom server share it). */
export function db(): Db {
  return (holder[KEY] ??= createClient());
}

/**
 * Connection settings applied once at start. SQLite: write-ahead logging (readers never wait for
 * the writer; durable across process crashes) and `synchronous = NORMAL`, which in WAL mode fsyncs
 * at checkpoints rather than at every commit.
 */
export async function prepareDatabase(): Promise<void> {
  if (databaseTarget().provider !== 'sqlite') return;
  await db().$queryRawUnsafe('PRAGMA journal_mode = WAL');
  await db().$queryRawUnsafe('PRAGMA synchronous = NORMAL');
}

/** Runs `fn` in one transaction: a change and its history record commit together or not at all. */
export function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db().$transaction((tx) => fn(tx as Tx), { maxWait: 20_000, timeout: 20_000 });
}
