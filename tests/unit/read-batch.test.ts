// ReadBatch (lib/server/store/read-batch.ts): the reads of one turn of the event loop share one load,
// each key gets its own row or undefined, a failed load fails every read of its batch.
import { describe, expect, it } from 'vitest';
import { ReadBatch } from '../../lib/server/store/read-batch';

type Key = { company: string; id: string };
type Row = { company: string; id: string; name: string };

const rows: Row[] = [
  { company: 'a', id: '1', name: 'a1' },
  { company: 'a', id: '2', name: 'a2' },
  { company: 'b', id: '3', name: 'b3' },
];

function batch(max?: number) {
  const loads: Key[][] = [];
  const reads = new ReadBatch<Key, Row>(
    async (keys) => {
      loads.push(keys);
      return rows.filter((r) => keys.some((k) => k.company === r.company && k.id === r.id));
    },
    (k) => `${k.company} ${k.id}`,
    (r) => `${r.company} ${r.id}`,
    max,
  );
  return { reads, loads };
}

describe('ReadBatch', () => {
  it('answers the reads of one turn with one load, each with its own row', async () => {
    const { reads, loads } = batch();
    const answers = await Promise.all([
      reads.get({ company: 'a', id: '2' }),
      reads.get({ company: 'b', id: '3' }),
      reads.get({ company: 'a', id: '1' }),
      reads.get({ company: 'a', id: '3' }), // b's row, asked for by a: none
      reads.get({ company: 'a', id: '2' }),
    ]);
    expect(answers.map((r) => r?.name)).toEqual(['a2', 'b3', 'a1', undefined, 'a2']);
    expect(loads).toHaveLength(1);
    expect(loads[0]).toHaveLength(5);
  });

  it('reads of later turns go in later loads', async () => {
    const { reads, loads } = batch();
    expect((await reads.get({ company: 'a', id: '1' }))?.name).toBe('a1');
    expect((await reads.get({ company: 'b', id: '3' }))?.name).toBe('b3');
    expect(loads.map((l) => l.length)).toEqual([1, 1]);
  });

  it('splits a turn of more reads than the most per load', async () => {
    const { reads, loads } = batch(2);
    const answers = await Promise.all(['1', '2', '1', '2', '1'].map((id) => reads.get({ company: 'a', id })));
    expect(answers.map((r) => r?.name)).toEqual(['a1', 'a2', 'a1', 'a2', 'a1']);
    expect(loads.map((l) => l.length)).toEqual([2, 2, 1]);
  });

  it('a failed load fails every read of its batch, and the next turn loads afresh', async () => {
    let fail = true;
    const reads = new ReadBatch<Key, Row>(
      async (keys) => {
        if (fail) throw new Error('connection lost');
        return rows.filter((r) => keys.some((k) => k.id === r.id && k.company === r.company));
      },
      (k) => `${k.company} ${k.id}`,
      (r) => `${r.company} ${r.id}`,
    );
    const settled = await Promise.allSettled([reads.get({ company: 'a', id: '1' }), reads.get({ company: 'b', id: '3' })]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await reads.get({ company: 'b', id: '3' }))?.name).toBe('b3');
  });
});
