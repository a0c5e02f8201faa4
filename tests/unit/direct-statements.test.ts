// The pieces under decisions 026 and 027 (direct statements, records kept): kept compiled statements on a real SQLite
// connection, the synchronous transaction and when it must not be used, the ids, and the mapping
// of raw statements' constraint errors, and the records kept while the database is unchanged.
import { mkdtempSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '@/lib/server/ids';
import { prismaErrorCode } from '@/lib/server/prisma-errors';
import { RecordCache } from '@/lib/server/store/record-cache';
import { Prisma } from '@/lib/server/prisma-values';
import { adoptConnection, cacheStatements, OTHER_WRITERS_SEEN_WITHIN_MS, sqliteDirect, STATEMENT_CACHE_SIZE } from '@/lib/server/store/sqlite';

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

describe('records kept while the database is unchanged (SqliteDirect.record)', () => {
  let dir: string;
  const connections: Database.Database[] = [];
  afterEach(() => {
    for (const c of connections.splice(0)) c.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The server's connection (kept statements, direct) and a second one on the same file, as another process would have. */
  function open() {
    dir = mkdtempSync(path.join(os.tmpdir(), 'record-cache-'));
    const file = path.join(dir, 'db.sqlite');
    const server = new Database(file);
    server.pragma('journal_mode = WAL');
    server.defaultSafeIntegers(true);
    server.exec(`CREATE TABLE t (id TEXT PRIMARY KEY, company TEXT, name TEXT); CREATE TABLE other (n INTEGER)`);
    server.exec(`INSERT INTO t VALUES ('a', 'c1', 'first')`);
    cacheStatements(server);
    const other = new Database(file);
    connections.push(server, other);
    return { server, other, direct: sqliteDirect()! };
  }

  it('answers a record from memory only while nothing was written since it was read', async () => {
    const { server, other, direct } = open();
    // How often SQLite is asked: a function the statement calls.
    let asked = 0;
    server.function('asked', () => ++asked);
    const COUNTING = `SELECT json_object('id', id, 'name', name, 'n', CAST(asked() * 0 AS INTEGER)) FROM t WHERE id = ? AND company = ?`;
    const get = () => direct.record('t c1 a', COUNTING, ['a', 'c1']);
    expect(get()).toBe('{"id":"a","name":"first","n":0}');
    expect(get()).toBe('{"id":"a","name":"first","n":0}');
    expect(asked).toBe(1);

    // A write on the server's own connection (the count of changed rows moves).
    server.prepare(`UPDATE t SET name = 'second' WHERE id = 'a'`).run();
    expect(get()).toBe('{"id":"a","name":"second","n":0}');
    expect(asked).toBe(2);
    // Through the kept statements, as Prisma's adapter writes.
    direct.run(Prisma.sql`UPDATE t SET name = ${'third'} WHERE id = ${'a'}`);
    expect(get()).toBe('{"id":"a","name":"third","n":0}');
    // A commit of another connection (the data version moves), seen within the bound.
    other.prepare(`UPDATE t SET name = 'fourth' WHERE id = 'a'`).run();
    await sleep(OTHER_WRITERS_SEEN_WITHIN_MS + 10);
    expect(get()).toBe('{"id":"a","name":"fourth","n":0}');
    // A write to another table empties the cache too: nothing is assumed about what a write touches.
    const before = asked;
    server.prepare('INSERT INTO other VALUES (1)').run();
    get();
    expect(asked).toBe(before + 1);
    // A transaction rolled back: answered as the database is, never as it was inside it.
    get();
    server.exec('BEGIN');
    server.prepare(`UPDATE t SET name = 'never' WHERE id = 'a'`).run();
    server.exec('ROLLBACK');
    expect(get()).toBe('{"id":"a","name":"fourth","n":0}');
  });

  it('keys records by company, and does not remember a missing one', () => {
    const { server, direct } = open();
    const SQL = `SELECT json_object('id', id) FROM t WHERE id = ? AND company = ?`;
    expect(direct.record('t c1 a', SQL, ['a', 'c1'])).toBe('{"id":"a"}');
    expect(direct.record('t c2 a', SQL, ['a', 'c2'])).toBeUndefined();
    expect(direct.record('t c1 b', SQL, ['b', 'c1'])).toBeUndefined();
    server.prepare(`INSERT INTO t VALUES ('b', 'c1', 'new')`).run();
    expect(direct.record('t c1 b', SQL, ['b', 'c1'])).toBe('{"id":"b"}');
    expect(direct.record('t c2 a', SQL, ['a', 'c2'])).toBeUndefined();
  });

  it('keeps at most its size in characters, dropping the oldest first', () => {
    const cache = new RecordCache(10);
    let reads = 0;
    const read = (text: string) => () => (reads++, text);
    expect(cache.get(1, 'a', read('aaaa'))).toBe('aaaa');
    expect(cache.get(1, 'b', read('bbbb'))).toBe('bbbb');
    expect(cache.get(1, 'c', read('cccc'))).toBe('cccc'); // 12 characters: 'a' goes
    expect(cache.size).toBe(2);
    expect(cache.get(1, 'b', read('x'))).toBe('bbbb');
    expect(cache.get(1, 'a', read('AAAA'))).toBe('AAAA');
    expect(cache.get(1, 'long', read('0123456789ab'))).toBe('0123456789ab'); // longer than the whole cache: not kept
    expect(cache.get(1, 'long', read('again'))).toBe('again');
    expect(cache.get(2, 'a', read('new'))).toBe('new'); // another version: nothing kept is answered
    expect(reads).toBe(7); // a, b, c, a again (dropped), long twice, a at the new version
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

describe("Prisma's SQLite adapter, as the store takes it over (decision 031)", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its better-sqlite3 database as `client`, and runs queries through the kept statements', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'adapter-'));
    const factory = new PrismaBetterSqlite3({ url: path.join(dir, 'db.sqlite') });
    const connection = await factory.connect();
    try {
      // The undocumented field the store relies on: if an upgrade renames it, this fails.
      expect((connection as unknown as { client: unknown }).client).toBeInstanceOf(Database);
      adoptConnection(connection);
      const client = (connection as unknown as { client: Database.Database }).client;
      const texts: string[] = [];
      const kept = client.prepare.bind(client);
      client.prepare = ((sql: string) => (texts.push(sql), kept(sql))) as typeof client.prepare;
      // The calls the adapter makes on a statement (bind, reader, run, columns, raw().all()) are
      // the ones the kept statements provide.
      await connection.executeScript('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER)');
      expect(await connection.executeRaw({ sql: 'INSERT INTO t (id, n) VALUES (?, ?)', args: ['a', 1], argTypes: [{ scalarType: 'string', arity: 'scalar' }, { scalarType: 'int', arity: 'scalar' }] })).toBe(1);
      const result = await connection.queryRaw({ sql: 'SELECT id, n FROM t WHERE n >= ?', args: [1], argTypes: [{ scalarType: 'int', arity: 'scalar' }] });
      expect(result.columnNames).toEqual(['id', 'n']);
      expect(result.rows).toEqual([['a', 1]]);
      expect(texts).toEqual(['INSERT INTO t (id, n) VALUES (?, ?)', 'SELECT id, n FROM t WHERE n >= ?']);
      // The store's direct statements run on that same connection.
      expect(sqliteDirect()!.all(Prisma.sql`SELECT count(*) AS c FROM t`)).toEqual([{ c: 1n }]);
    } finally {
      await connection.dispose();
    }
  });
});
