// The SQLite connection of Prisma's better-sqlite3 adapter: its compiled statements kept, and the
// few hot paths that run on it directly (decision 026).
//
// Kept statements: the adapter calls `db.prepare(sql)` for every query it runs, and better-sqlite3
// compiles the SQL each time: about 0.2 ms for the agent detail's statement, more than running
// it. Prisma sends the same few texts again and again (values are bound, never inlined), so the
// compiled statements are kept in a bounded least-recently-used map and reused. better-sqlite3's
// `bind()` fixes a statement's values for good, so what `prepare` hands the adapter is a thin
// per-call object that passes the values to `run`/`all` instead. Only the calls the adapter makes
// are provided (`bind`, `reader`, `columns`, `raw().all()`, `run`); SQLite recompiles a kept
// statement itself if the schema changes under it.
//
// Direct statements (`sqliteDirect()`): the agent detail read and create run their statements on
// the same connection synchronously, without Prisma's query pipeline (a third of a create's CPU).
// better-sqlite3 is synchronous and JavaScript single-threaded, so a synchronous BEGIN IMMEDIATE …
// COMMIT cannot interleave with anything else on the connection. The one thing to avoid is a
// Prisma interactive transaction left open between its awaits: the connection is then inside it,
// and `sqliteDirect()` answers undefined so the caller takes its Prisma path (which waits its turn).
import type BetterSqlite3 from 'better-sqlite3';
import type { Prisma } from '../prisma-values';
import { RecordCache } from './record-cache';

type Database = BetterSqlite3.Database;
type Statement = BetterSqlite3.Statement<unknown[]>;

/** Distinct SQL texts kept (Prisma writes one per query shape; `IN (?, ?, …)` lists vary in length). */
export const STATEMENT_CACHE_SIZE = 1_000;

class CachedStatement {
  private args: unknown[] = [];
  constructor(private readonly statement: Statement) {}
  bind(args: unknown[]): this {
    this.args = args;
    return this;
  }
  get reader(): boolean {
    return this.statement.reader;
  }
  columns() {
    return this.statement.columns();
  }
  raw(): { all: () => unknown[] } {
    this.statement.raw(true);
    return { all: () => this.statement.all(this.args) };
  }
  run() {
    return this.statement.run(this.args);
  }
}

/** A value bound as the adapter binds it (its `mapArg`: booleans 0/1, dates as ISO 8601 text in UTC). */
function sqliteValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace('Z', '+00:00');
  return value;
}

/**
 * How long a commit of another connection (another process on the file) may go unseen by
 * `SqliteDirect.version()`. The server's own writes are seen at once; reading the data version,
 * which is what sees the others', opens a read transaction (file locks, the WAL's header): about
 * 4 % of the agent detail's time if done for every request, so it is read at most this often.
 */
export const OTHER_WRITERS_SEEN_WITHIN_MS = 100;

/** Statements run on the adapter's connection, synchronously. Integers come back as BigInt (the adapter's setting). */
export class SqliteDirect {
  /** The statements of `value`, compiled once each and kept answering their first column (texts fixed in code: a handful). */
  private readonly plucked = new Map<string, Statement>();
  /** Records read through `record`, kept while the database is unchanged (./record-cache); this connection's own. */
  private readonly records = new RecordCache();
  private dataVersion: unknown = undefined;
  private dataVersionAt = -Infinity;
  constructor(
    private readonly client: Database,
    private readonly prepare: (sql: string) => Statement,
    private readonly compile: (sql: string) => Statement,
  ) {}
  all<T>(query: Prisma.Sql): T[] {
    const statement = this.prepare(query.sql);
    statement.raw(false);
    return statement.all(query.values.map(sqliteValue)) as T[];
  }
  /**
   * The first column of the first row of `sql`, or undefined. For the texts built once in code (a
   * detail read's): its statement is kept in its own map, in the mode that answers the column
   * alone, so the read pays for no lookup in the shared cache, no mode switch and no row array.
   */
  value(sql: string, values: readonly (string | number)[]): unknown {
    let statement = this.plucked.get(sql);
    if (!statement) this.plucked.set(sql, (statement = this.compile(sql).pluck()));
    return statement.get(values);
  }
  /**
   * A value that differs from the last one if the database may have changed since: the rows this
   * connection changed (total_changes: counted at once, whether or not their transaction
   * committed) and the data version, which other connections' commits move, read again once it
   * is OTHER_WRITERS_SEEN_WITHIN_MS old.
   */
  version(): string {
    const now = performance.now();
    if (now - this.dataVersionAt >= OTHER_WRITERS_SEEN_WITHIN_MS) {
      this.dataVersion = this.value('PRAGMA data_version', []);
      this.dataVersionAt = now;
    }
    return `${this.value('SELECT total_changes()', [])} ${this.dataVersion}`;
  }
  /**
   * A record's JSON text, `value(sql, values)`, answered from memory while the database is
   * unchanged since it was read (./record-cache; another process's commit is seen within
   * OTHER_WRITERS_SEEN_WITHIN_MS). `key` must name everything the statement's
   * values select on, the company first.
   */
  record(key: string, sql: string, values: readonly (string | number)[]): string | undefined {
    return this.records.get(this.version(), key, () => this.value(sql, values) as string | undefined);
  }
  /** Runs any statement: the rows of one that answers some, else none. */
  execute(query: Prisma.Sql): unknown[] {
    const statement = this.prepare(query.sql);
    if (!statement.reader) {
      statement.run(query.values.map(sqliteValue));
      return [];
    }
    statement.raw(false);
    return statement.all(query.values.map(sqliteValue));
  }
  run(query: Prisma.Sql): void {
    this.prepare(query.sql).run(query.values.map(sqliteValue));
  }
  /** `fn` between BEGIN IMMEDIATE and COMMIT (ROLLBACK if it throws), all synchronous. */
  transaction<T>(fn: () => T): T {
    return this.client.transaction(fn).immediate();
  }
}

const KEY = Symbol.for('agent-orchestration.sqlite-direct');
const holder = globalThis as unknown as Record<symbol, { client: Database; direct: SqliteDirect } | undefined>;

/**
 * Takes over a connection of Prisma's better-sqlite3 adapter (lib/server/db.ts, once per
 * connection): statements kept compiled, sorts in memory, and the connection offered to
 * `sqliteDirect()`. The adapter keeps its better-sqlite3 database as `client`, an undocumented
 * field; decision 031 says what breaks without it, and tests/unit/direct-statements.test.ts fails
 * if an upgrade renames it or changes the calls the adapter makes on a statement.
 */
export function adoptConnection(connection: object): void {
  const client = (connection as { client?: Database }).client;
  if (!client || typeof client.prepare !== 'function') throw new Error("Prisma's SQLite adapter no longer exposes its connection as `client` (decision 031)");
  // Sorts and ephemeral tables in memory, not in a temporary file: a statement with two ordered
  // aggregates (an agent's tools and knowledge bases, json_group_array(... ORDER BY position))
  // took 34 µs with the default file store and 8.5 µs with this, measured alone (decision 026).
  client.pragma('temp_store = MEMORY');
  cacheStatements(client);
}

/**
 * Takes over the read-only connection Prisma's adapter opens beside the main one (lib/server/db.ts,
 * lib/server/sqlite-turns.ts: reads while a transaction is open): the same settings and kept
 * statements, but never offered to `sqliteDirect()`.
 */
export function adoptReader(connection: object): void {
  const client = (connection as { client?: Database }).client;
  if (!client || typeof client.prepare !== 'function') throw new Error("Prisma's SQLite adapter no longer exposes its connection as `client` (decision 031)");
  client.pragma('temp_store = MEMORY');
  keepCompiled(client);
}

/** Makes `client.prepare` reuse compiled statements; answers the kept-statement lookup and the original `prepare`. */
function keepCompiled(client: Database): { cached: (sql: string) => Statement; prepare: (sql: string) => Statement } {
  const prepare = client.prepare.bind(client) as (sql: string) => Statement;
  const cache = new Map<string, Statement>();
  const cached = (sql: string): Statement => {
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql); // most recently used last
    } else {
      statement = prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
  client.prepare = ((sql: string) => new CachedStatement(cached(sql))) as unknown as Database['prepare'];
  return { cached, prepare };
}

/** Makes `client.prepare` reuse compiled statements, and offers the connection to `sqliteDirect()` (called once per connection). */
export function cacheStatements(client: Database): void {
  const { cached, prepare } = keepCompiled(client);
  holder[KEY] = { client, direct: new SqliteDirect(client, cached, prepare) };
}

/**
 * The adapter's SQLite connection for direct statements, or undefined: on PostgreSQL, before the
 * client connected, after it closed, and while a Prisma transaction is open on it.
 */
export function sqliteDirect(): SqliteDirect | undefined {
  const connection = holder[KEY];
  if (!connection || !connection.client.open || connection.client.inTransaction) return undefined;
  return connection.direct;
}
