// The store boundary (decision 031): the one module that chooses how a statement runs, for every
// kind — on SQLite's connection directly (./sqlite: synchronous, in BEGIN IMMEDIATE … COMMIT for
// a write), on PostgreSQL's pool directly (./postgres: a write as one statement), or through
// Prisma (inside the caller's transaction, or while a Prisma transaction holds SQLite's
// connection). Each kind declares its record once (./record) and gets its list, its detail (from
// the record cache on SQLite, batched per turn of the event loop on PostgreSQL) and its checked
// inserts from here. Every statement names the caller's company.
import { db, transaction, type Tx } from '../db';
import { prismaErrorCode } from '../prisma-errors';
import type { Prisma as Sql } from '../prisma-values';
import { encodeListCursor, type ListPage, type PageRequest } from '../list-page';
import { jsonListPageQuery, jsonListQuery, jsonRecordStatements, type JsonField, type RecordKey, type ScopedRecordKey } from './json';
import { postgresDirect, type PostgresDirect } from './postgres';
import { ReadBatch } from './read-batch';
import { recordFields, rowMapper, type FieldSpec } from './record';
import { sqliteDirect, type SqliteDirect } from './sqlite';
import { insertStatements, isPostgres, oneStatement, type RowInsert } from './sql';
import { isLimited, type Scope } from './scope';
import type { ZodObject } from 'zod';

export { insertSql, insertStatements, jsonColumn, type NewRow, type RowInsert } from './sql';
export type { JsonField } from './json';
export { childIds } from './json';
export { assertWritable, isLimited, sectorFilter, visibleIds, visibleRow, type Scope } from './scope';

/** Where statements run: the choice made once, here, for every kind. */
export type Executor = { via: 'sqlite'; sqlite: SqliteDirect } | { via: 'postgres'; postgres: PostgresDirect } | { via: 'prisma'; tx: Tx };

/** The direct executor where the database offers one, else Prisma's client. */
export function executor(): Executor {
  const sqlite = sqliteDirect();
  if (sqlite) return { via: 'sqlite', sqlite };
  const postgres = postgresDirect();
  if (postgres) return { via: 'postgres', postgres };
  return { via: 'prisma', tx: db() };
}

/** Inside a Prisma transaction: its statements run in it. */
export const inTransaction = (tx: Tx): Executor => ({ via: 'prisma', tx });

/**
 * The rows of a read. SQLite's direct reads answer at once (a synchronous caller in a direct
 * transaction reads `.sqlite.all` itself); `name` keeps a PostgreSQL statement prepared.
 */
export async function readRows<T>(exec: Executor, query: Sql.Sql, name?: string): Promise<T[]> {
  switch (exec.via) {
    case 'sqlite':
      return exec.sqlite.all<T>(query);
    case 'postgres':
      return exec.postgres.all<T>(query, name);
    case 'prisma':
      return exec.tx.$queryRaw<T[]>(query);
  }
}

/** Statements that depend on the answers of earlier ones: yields each, is handed back its rows. */
export type Steps<T> = Generator<Sql.Sql, T, unknown[]>;

/**
 * Runs the statements `steps` yields, all or nothing, and answers what it returns (a throw rolls
 * back). SQLite: synchronously in one BEGIN IMMEDIATE … COMMIT; PostgreSQL: BEGIN … COMMIT on one
 * client of the pool; else (a Prisma transaction holds SQLite's connection) a Prisma transaction.
 */
export async function runSteps<T>(steps: () => Steps<T>): Promise<T> {
  const drive = async (all: (query: Sql.Sql) => Promise<unknown[]>) => {
    const run = steps();
    for (let step = run.next(); ; step = run.next(await all(step.value))) if (step.done) return step.value;
  };
  const exec = executor();
  switch (exec.via) {
    case 'sqlite':
      return exec.sqlite.transaction(() => {
        const run = steps();
        for (let step = run.next(); ; step = run.next(exec.sqlite.execute(step.value))) if (step.done) return step.value;
      });
    case 'postgres':
      return exec.postgres.transaction(drive);
    case 'prisma':
      return transaction((tx) => drive((query) => tx.$queryRaw(query)));
  }
}

/** Inserts `rows` in the caller's transaction: the fewest multi-row INSERTs (./sql `insertStatements`). */
export async function insertRows(tx: Tx, rows: readonly RowInsert[]): Promise<void> {
  for (const statement of insertStatements(rows)) await tx.$executeRaw(statement);
}

/** A check run before a write, on the write's executor: synchronous on SQLite's direct transaction. */
export type WriteCheck = (exec: Executor) => void | Promise<void>;

/**
 * Runs `check` then the statements `build` makes, all or nothing, and answers `build`'s result.
 * - SQLite: one synchronous BEGIN IMMEDIATE … COMMIT holding both.
 * - PostgreSQL: the check, then every statement as one (data-modifying CTEs: atomic, one round
 *   trip). A referenced row deleted by another transaction in between fails its foreign key:
 *   nothing is written, and the check, run again through Prisma, answers its usual error.
 * - Prisma (`tx` given: the caller's transaction; or SQLite while a Prisma transaction holds the
 *   connection): a transaction of its own.
 */
export async function writeChecked<T>(check: WriteCheck, build: () => { result: T; statements: Sql.Sql[] }, tx?: Tx): Promise<T> {
  const inPrisma = async (t: Tx) => {
    await check(inTransaction(t));
    const { result, statements } = build();
    for (const statement of statements) await t.$executeRaw(statement);
    return result;
  };
  if (tx) return inPrisma(tx);
  const exec = executor();
  switch (exec.via) {
    case 'sqlite':
      return exec.sqlite.transaction(() => {
        if (check(exec) instanceof Promise) throw new Error('a check on SQLite\'s direct transaction must be synchronous');
        const { result, statements } = build();
        for (const statement of statements) exec.sqlite.run(statement);
        return result;
      });
    case 'postgres': {
      await check(exec);
      const { result, statements } = build();
      try {
        await exec.postgres.run(oneStatement(statements));
        return result;
      } catch (error) {
        if (prismaErrorCode(error) === 'P2003') await check(inTransaction(db()));
        throw error;
      }
    }
    case 'prisma':
      return transaction(inPrisma);
  }
}

type RecordJson = RecordKey & { json: string };

export type RecordStore<R> = {
  table: string;
  fields: readonly JsonField[];
  /** The scope's records (./scope: its company's, within a limited caller's sectors) as the JSON text of the list (one statement at any size), optionally one sector's. */
  listJson(scope: Scope, sector?: string): Promise<string>;
  /** One page of that list (D13, ../list-page): its JSON array and the next page's cursor (null on the last). */
  listPage(scope: Scope, sector: string | undefined, page: PageRequest): Promise<ListPage>;
  /** One record as JSON text, the same text as its entry in the list, or undefined (no such id in the scope). */
  detailJson(scope: Scope, id: string): Promise<string | undefined>;
  /** A row read through Prisma (columns by name; computed fields under their key) as the record. */
  fromRow(row: object): R;
};

/**
 * A kind's record store: `schema` the kind's zod record schema (its keys in order), `specs` the
 * fields whose column or SQL differ from the default.
 */
export function recordStore<R>(table: string, schema: ZodObject, specs: Readonly<Record<string, FieldSpec>> = {}): RecordStore<R> {
  const fields = recordFields(schema, specs);
  const statements = jsonRecordStatements(table, fields);
  const toRecord = rowMapper<R>(fields);
  // PostgreSQL's detail reads of one turn of the event loop: one statement, kept prepared.
  const details = new ReadBatch<RecordKey, RecordJson>(
    (keys) => readRows<RecordJson>(executor(), statements.postgres(keys), `${table}-details`),
    (key) => `${key.companyId} ${key.id}`,
    (row) => `${row.companyId} ${row.id}`,
  );
  // The same for sector-limited callers (./scope): their sectors travel with each key.
  const scopedDetails = new ReadBatch<ScopedRecordKey, RecordJson & { sectors: string }>(
    (keys) => readRows(executor(), statements.postgresScoped(keys), `${table}-scoped-details`),
    (key) => `${key.companyId} ${key.id}\u0000${key.sectors}`,
    (row) => `${row.companyId} ${row.id}\u0000${row.sectors}`,
  );
  /** A sector-limited caller's detail read (./scope): the same paths, the statements that match its sectors, cached under a key naming them (no id holds a NUL). */
  async function scopedDetailJson(companyId: string, id: string, sectors: string): Promise<string | undefined> {
    if (isPostgres()) return (await scopedDetails.get({ companyId, id, sectors }))?.json;
    const sqlite = sqliteDirect();
    if (sqlite) return sqlite.record(`${table} ${companyId} ${id}\u0000${sectors}`, statements.sqliteScoped, [id, companyId, sectors]);
    return (await db().$queryRawUnsafe<{ json: string }[]>(statements.sqliteScoped, id, companyId, sectors))[0]?.json;
  }
  return {
    table,
    fields,
    async listJson(scope, sector) {
      const [row] = await db().$queryRaw<{ json: string }[]>(jsonListQuery(table, fields, scope, sector));
      return row?.json ?? '[]';
    },
    async listPage(scope, sector, page) {
      const rows = await db().$queryRaw<{ json: string; at: string; id: string }[]>(jsonListPageQuery(table, fields, scope, sector, page));
      const items = rows.slice(0, page.limit);
      const last = items[items.length - 1];
      return {
        json: `[${items.map((row) => row.json).join(',')}]`,
        next: rows.length > page.limit && last ? encodeListCursor(last.at, last.id) : null,
      };
    },
    async detailJson(scope, id) {
      const { companyId } = scope;
      if (isLimited(scope)) return scopedDetailJson(companyId, id, JSON.stringify(scope.sectors));
      if (isPostgres()) return (await details.get({ companyId, id }))?.json;
      // SQLite: on the connection directly where possible, and from memory while the database is
      // unchanged since the record was read (./record-cache).
      const sqlite = sqliteDirect();
      if (sqlite) return sqlite.record(`${table} ${companyId} ${id}`, statements.sqlite, [id, companyId]);
      return (await db().$queryRawUnsafe<{ json: string }[]>(statements.sqlite, id, companyId))[0]?.json;
    },
    fromRow: (row) => toRecord(row as Record<string, unknown>),
  };
}
