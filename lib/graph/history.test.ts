import { describe, expect, it } from 'vitest';
import { begin, emptyHistory, redo, settle, step, undo, type History } from './history';

type Doc = { x: number; label: string };
const same = (a: Doc, b: Doc) => a.x === b.x && a.label === b.label;
const doc = (x: number, label = 'a'): Doc => ({ x, label });

/** Applies a discrete change: records `present`, answers the new present. */
function change(h: History<Doc>, present: Doc, next: Doc): [History<Doc>, Doc] {
  return [step(h, present, same), next];
}

describe('undo/redo history', () => {
  it('undoes and redoes discrete steps in order', () => {
    let h = emptyHistory<Doc>();
    let present = doc(0);
    [h, present] = change(h, present, doc(1));
    [h, present] = change(h, present, doc(2));
    expect(h.past).toEqual([doc(0), doc(1)]);

    const back = undo(h, present, same)!;
    expect(back.present).toEqual(doc(1));
    const back2 = undo(back.history, back.present, same)!;
    expect(back2.present).toEqual(doc(0));
    expect(undo(back2.history, back2.present, same)).toBeNull();

    const fwd = redo(back2.history, back2.present, same)!;
    expect(fwd.present).toEqual(doc(1));
    const fwd2 = redo(fwd.history, fwd.present, same)!;
    expect(fwd2.present).toEqual(doc(2));
    expect(redo(fwd2.history, fwd2.present, same)).toBeNull();
  });

  it('makes a whole gesture (every intermediate state of a drag) one step', () => {
    let h = emptyHistory<Doc>();
    const start = doc(0);
    h = begin(h, start);
    // Intermediate frames: begin again is harmless, the first starting point is kept.
    h = begin(h, doc(5));
    h = settle(h, doc(42), same);
    expect(h.past).toEqual([start]);
    expect(h.pending).toBeNull();
    const back = undo(h, doc(42), same)!;
    expect(back.present).toEqual(start);
    expect(back.history.future).toEqual([doc(42)]);
  });

  it('records nothing for a gesture that ends where it began', () => {
    let h = emptyHistory<Doc>();
    h = begin(h, doc(3));
    h = settle(h, doc(3), same);
    expect(h.past).toEqual([]);
    expect(undo(h, doc(3), same)).toBeNull();
  });

  it('settles an unfinished gesture before a discrete step or an undo', () => {
    let h = emptyHistory<Doc>();
    h = begin(h, doc(0, 'before typing'));
    // Typing changed the label; then a discrete change comes without the gesture being settled.
    h = step(h, doc(0, 'typed'), same);
    expect(h.past).toEqual([doc(0, 'before typing'), doc(0, 'typed')]);

    let g = begin(emptyHistory<Doc>(), doc(1));
    const back = undo(g, doc(2), same)!;
    expect(back.present).toEqual(doc(1));
    expect(back.history.future).toEqual([doc(2)]);
    g = back.history;
    expect(g.pending).toBeNull();
  });

  it('clears redo when a new change is made', () => {
    let h = emptyHistory<Doc>();
    let present = doc(0);
    [h, present] = change(h, present, doc(1));
    const back = undo(h, present, same)!;
    expect(back.history.future).toHaveLength(1);
    const after = step(back.history, back.present, same);
    expect(after.future).toEqual([]);
    expect(redo(after, doc(7), same)).toBeNull();
  });

  it('keeps at most `limit` steps, dropping the oldest', () => {
    let h = emptyHistory<Doc>();
    for (let i = 0; i < 10; i++) h = step(h, doc(i), same, 3);
    expect(h.past.map((d) => d.x)).toEqual([7, 8, 9]);
  });
});
