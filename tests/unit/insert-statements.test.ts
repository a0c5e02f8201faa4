// The multi-row INSERTs a batched write runs (lib/server/store/sql.ts `insertStatements`, decision
// 095): each table's rows together, in their order, tables in the order first named (parents before
// children), split so that no statement binds more than its limit of values.
import { describe, expect, it } from 'vitest';
import { insertStatements, type RowInsert } from '@/lib/server/store/sql';

describe('insertStatements', () => {
  it('groups rows by table in the order tables are first named, keeps each table’s row order, and splits by bound values', () => {
    const rows: RowInsert[] = [
      { table: 'Parent', row: { id: 'p1', name: 'one' } },
      { table: 'Child', row: { parentId: 'p1', position: 0, tags: ['a'] }, json: ['tags'] },
      { table: 'Parent', row: { id: 'p2', name: 'two' } },
      { table: 'Child', row: { parentId: 'p2', position: 1, tags: null }, json: ['tags'] },
      { table: 'Parent', row: { id: 'p3', name: 'three' } },
    ];
    // Parents bind 2 values a row, children 3: at most 4 values a statement gives 2 parents, then 1, then 1 child a statement.
    const statements = [...insertStatements(rows, 4)];
    expect(statements.map((s) => s.sql)).toEqual([
      'INSERT INTO "Parent" ("id", "name") VALUES (?,?),(?,?)',
      'INSERT INTO "Parent" ("id", "name") VALUES (?,?)',
      'INSERT INTO "Child" ("parentId", "position", "tags") VALUES (?,?,?)',
      'INSERT INTO "Child" ("parentId", "position", "tags") VALUES (?,?,?)',
    ]);
    expect(statements.map((s) => s.values)).toEqual([['p1', 'one', 'p2', 'two'], ['p3', 'three'], ['p1', 0, '["a"]'], ['p2', 1, null]]);
    // Without a limit in reach: one statement per table.
    expect([...insertStatements(rows)].map((s) => s.values.length)).toEqual([6, 6]);
  });
});
