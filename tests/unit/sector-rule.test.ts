// The sector rule of D11 in its two spellings (decision 076): the SQL the store adds for a
// sector-limited caller (lib/server/store/scope.ts, SQLite's, run on a real database) answers as
// `visibleRow` does for rows read through Prisma, whatever the stored column holds.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteSharesSector, visibleRow } from '@/lib/server/store/scope';

const STORED = ['["support"]', '["finance"]', '["support","finance"]', '[]', '"support"', '{"support":1}', '[1]', '["sup"]', 'null', '[["support"]]', '[null,"finance"]'];
const CALLERS = [['support'], ['finance', 'legal'], ['1'], ['sup', 'support']];

describe('the sector rule: SQL and JavaScript agree', () => {
  const db = new Database(':memory:');
  // Parameters in text order: the caller's sectors (the rule's `?`), then the stored column.
  const statement = db.prepare(`SELECT ${sqliteSharesSector('a."sectors"')} AS "seen" FROM (SELECT ? AS "sectors") a`).pluck();

  for (const caller of CALLERS) {
    it(`a caller limited to ${JSON.stringify(caller)}`, () => {
      const sql = STORED.map((stored) => Boolean(statement.get(JSON.stringify(caller), stored)));
      const js = STORED.map((stored) => visibleRow({ companyId: 'c', sectors: caller }, { sectors: JSON.parse(stored) }));
      expect(sql).toEqual(js);
    });
  }

  it('sees exactly the resources sharing a sector with it', () => {
    const seen = STORED.filter((stored) => visibleRow({ companyId: 'c', sectors: ['support'] }, { sectors: JSON.parse(stored) }));
    expect(seen).toEqual(['["support"]', '["support","finance"]']);
    expect(visibleRow({ companyId: 'c', sectors: [] }, { sectors: [] })).toBe(true);
  });
});
