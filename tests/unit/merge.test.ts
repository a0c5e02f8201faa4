import { describe, expect, it } from 'vitest';
import { mergeValues } from '@/lib/versions/merge';

describe('mergeValues (Review and merge)', () => {
  const base = { name: 'a', role: 'r', tools: ['t1'], temperature: 0.5 };

  it('keeps my edits where the other save changed nothing, and takes theirs elsewhere', () => {
    const theirs = { ...base, role: 'their role', tools: ['t1', 't2'] };
    const mine = { ...base, name: 'my name' };
    expect(mergeValues(base, theirs, mine)).toEqual({ values: { name: 'my name', role: 'their role', tools: ['t1', 't2'], temperature: 0.5 }, overridden: [] });
  });

  it('lists the fields both changed differently; theirs shows, mine is named', () => {
    const theirs = { ...base, name: 'theirs' };
    const mine = { ...base, name: 'mine', temperature: 0.9 };
    expect(mergeValues(base, theirs, mine)).toEqual({ values: { ...base, name: 'theirs', temperature: 0.9 }, overridden: ['name'] });
  });

  it('a field both changed to the same value is no conflict', () => {
    const same = { ...base, tools: ['t2'] };
    expect(mergeValues(base, same, same)).toEqual({ values: same, overridden: [] });
  });
});
