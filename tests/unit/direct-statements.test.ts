// The pieces under decision 012's direct statements: kept compiled statements on a real SQLite
// connection, the synchronous transaction and when it must not be used, the ids, and the mapping
// of raw statements' constraint errors.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '@/lib/server/ids';
import { prismaErrorCode } from '@/lib/server/prisma-errors';
import { Prisma } from '@/lib/server/prisma-values';
import { cacheStatements, sqliteDirect, STATEMENT_CACHE_SIZE } from '@/lib/server/sqlite-statements';

type AdapterStatement = { bind(args: unknown[]): AdapterStatement; reader: boolean; raw(): { all(): unknown[][] }; run(): unknown };

describe('kept statements on the adapter connection', () => {
  let db: Database.Database;
  afterEach(() => db?.close());

  function open() {
    db = new Database(':memory:');
    db.defaultSafeIntegers(true);
    cacheStatements(db);
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER, flag INTEGER, at TEXT)');
    return db.prepare as unknown as (sql: string) => AdapterStatement;
  }

  it('runs one kept statement with different values, as the adapter calls it', () => {
    const prepare = open();
    prepare('INSERT INTO t (id, n) VALUES (?, ?)').bind(['a', 1]).run();
    prepare('INSERT INTO t (id, n) VALUES (?, ?)').bind(['b', 2]).run();
    const select = 'SELECT id, n FROM t WHERE n >= ? ORDER BY id';
    expect(prepare(select).reader).toBe(true);
    expect(prepare(select).bind([1]).raw().all()).toEqual([['a', 1n], ['b', 2n]]);
    expect(prepare(select).bind([2]).raw().all()).toEqual([['b', 2n]]);
  });

  it('keeps working past the bound on distinct texts (the oldest are dropped)', () => {
    const prepare = open();
    for (let i = 0; i <= STATEMENT_CACHE_SIZE + 5; i++) expect(prepare(`SELECT ${i} AS v`).bind([]).raw().all()).toEqual([[BigInt(i)]]);
    expect(prepare('SELECT 0 AS v').bind([]).raw().all()).toEqual([[0n]]);
  });

  it('direct statements bind as the adapter does, and a transaction is all or nothing', () => {
    open();
    const direct = sqliteDirect()!;
    const at = new Date('2026-01-02T03:04:05.678Z');
    direct.transaction(() => direct.run(Prisma.sql`INSERT INTO t (id, n, flag, at) VALUES (${'x'}, ${7}, ${true}, ${at})`));
    expect(direct.all(Prisma.sql`SELECT * FROM t`)).toEqual([{ id: 'x', n: 7n, flag: 1n, at: '2026-01-02T03:04:05.678+00:00' }]);
    expect(() =>
      direct.transaction(() => {
        direct.run(Prisma.sql`INSERT INTO t (id, n) VALUES (${'y'}, ${1})`);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(direct.all(Prisma.sql`SELECT id FROM t ORDER BY id`)).toEqual([{ id: 'x' }]);
  });

  it('is not offered while a transaction is open on the connection, nor once it is closed', () => {
    open();
    db.exec('BEGIN');
    expect(sqliteDirect()).toBeUndefined();
    db.exec('COMMIT');
    expect(sqliteDirect()).toBeDefined();
    db.close();
    expect(sqliteDirect()).toBeUndefined();
  });
});

describe('ids for rows written with plain SQL', () => {
  it('have the shape of Prisma cuid() ids and do not repeat', () => {
    const ids = Array.from({ length: 20_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^c[0-9a-z]{24}$/);
  });
});

describe('constraint errors of raw statements map like the query API', () => {
  const raw = (kind: string) => Object.assign(new Error('Raw query failed'), { code: 'P2010', meta: { driverAdapterError: { cause: { kind } } } });
  it.each([
    [raw('UniqueConstraintViolation'), 'P2002'],
    [raw('ForeignKeyConstraintViolation'), 'P2003'],
    [raw('SomethingElse'), 'P2010'],
    [Object.assign(new Error('duplicate key'), { code: '23505' }), 'P2002'],
    [Object.assign(new Error('fk'), { code: '23503' }), 'P2003'],
    [Object.assign(new Error('unique'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }), 'P2002'],
    [Object.assign(new Error('fk'), { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }), 'P2003'],
    [Object.assign(new Error('gone'), { code: 'P2025' }), 'P2025'],
    [Object.assign(new Error('io'), { code: 'EIO' }), undefined],
  ])('%#', (error, code) => {
    expect(prismaErrorCode(error)).toBe(code);
  });
});
