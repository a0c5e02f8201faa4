// The pool of Prisma's PostgreSQL adapter, for the few hot paths that run their statements on it
// directly (decision 026): the agent detail read and create, where Prisma's query pipeline cost
// more CPU than the statements. Prisma is given the same pool (`new PrismaPg(pool)`), so there is
// one set of connections. A create needs no transaction here: its INSERTs are one statement
// (`oneStatement` in ./sql).
// Values are bound as the adapter binds them (dates as UTC text); timestamps come back as text,
// as the adapter reads them, never through pg's local-time Date parsing.
import type { Pool } from 'pg';
import type { Prisma } from '../prisma-values';

const TIMESTAMP = 1114; // timestamp without time zone, Prisma's DateTime
const TIMESTAMPTZ = 1184;

function pgValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  return value;
}

/** Statements on the pool (each on whichever client is free). */
export class PostgresDirect {
  constructor(
    private readonly pool: Pool,
    private readonly types: { getTypeParser: (oid: number, format?: string) => unknown },
  ) {}
  /** `name`: keep the statement prepared on each connection under that name (a text that never changes). */
  async all<T>(query: Prisma.Sql, name?: string): Promise<T[]> {
    const result = await this.pool.query({ name, text: query.text, values: query.values.map(pgValue), types: this.types as never });
    return result.rows as T[];
  }
  async run(query: Prisma.Sql): Promise<void> {
    await this.pool.query({ text: query.text, values: query.values.map(pgValue) });
  }
  /** `fn` between BEGIN and COMMIT (ROLLBACK if it throws) on one client of the pool, its statements through `all`. */
  async transaction<T>(fn: (all: (query: Prisma.Sql) => Promise<unknown[]>) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await fn(async (query) => (await client.query({ text: query.text, values: query.values.map(pgValue), types: this.types as never })).rows);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A client whose ROLLBACK fails is broken: the pool discards it instead of handing it out again.
      await client.query('ROLLBACK').catch((failure: Error) => (broken = failure));
      throw error;
    } finally {
      client.release(broken);
    }
  }
  get usable(): boolean {
    return !this.pool.ending && !this.pool.ended;
  }
}

const KEY = Symbol.for('agent-orchestration.postgres-direct');
const holder = globalThis as unknown as Record<symbol, PostgresDirect | undefined>;

/** Offers Prisma's pool to `postgresDirect()` (lib/server/db.ts, once per client). */
export function registerPostgres(pool: Pool, getTypeParser: (oid: number, format?: string) => unknown): void {
  const types = {
    getTypeParser: (oid: number, format?: string) => (oid === TIMESTAMP || oid === TIMESTAMPTZ ? (text: string) => text : getTypeParser(oid, format)),
  };
  holder[KEY] = new PostgresDirect(pool, types);
}

/** The pool for direct statements, or undefined: on SQLite, before the client connected, after it closed. */
export function postgresDirect(): PostgresDirect | undefined {
  const direct = holder[KEY];
  return direct?.usable ? direct : undefined;
}
