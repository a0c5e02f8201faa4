// The command palette's search (issue 9): at most 50 results from thousands, names starting with
// the query first, case-insensitive, and quick.
import { describe, expect, it } from 'vitest';
import { MAX_RESULTS, searchEntries, toEntries } from '@/components/console/palette-search';

const agents = toEntries(
  'Agent',
  'agents',
  Array.from({ length: 5000 }, (_, i) => ({ id: `a${i}`, name: i % 2 ? `Support agent ${i}` : `Billing helper ${i}` })),
);
const squads = toEntries('Squad', 'squads', Array.from({ length: 5000 }, (_, i) => ({ id: `s/${i}`, name: `Night support squad ${i}` })));
const all = [...agents, ...squads];

describe('palette search', () => {
  it('shows at most 50 of thousands, and says how many matched', () => {
    const { shown, total } = searchEntries(all, 'support');
    expect(shown).toHaveLength(MAX_RESULTS);
    expect(total).toBe(7500);
    // Names that start with the query come first.
    expect(shown.every((e) => e.lower.startsWith('support'))).toBe(true);
  });

  it('matches any part of the name in any case, and links to the record', () => {
    const { shown, total } = searchEntries(all, '  SQUAD 4999 ');
    expect(total).toBe(1);
    expect(shown[0]).toMatchObject({ kind: 'Squad', name: 'Night support squad 4999', href: '/squads/s%2F4999' });
    expect(searchEntries(all, 'nothing like this').total).toBe(0);
  });

  it('falls back to contains-matches after the prefix ones, and an empty query lists the first 50', () => {
    const { shown } = searchEntries(all, 'helper 1');
    expect(shown[0].name).toMatch(/^Billing helper 1/);
    expect(searchEntries(all, '').shown).toHaveLength(MAX_RESULTS);
  });

  it('filters 10,000 names in well under a frame', () => {
    const started = performance.now();
    for (let i = 0; i < 20; i++) searchEntries(all, `agent ${i}`);
    expect((performance.now() - started) / 20).toBeLessThan(16);
  });
});
