// Undo/redo over snapshots of a document (the squad designer's canvas), recording meaningful
// steps only. A discrete change (connect, delete, add, layout, paste) records the state before
// it with `step`. A gesture that changes the document many times (a drag, a resize, typing in a
// field) calls `begin` at its start and `settle` at its end and becomes ONE step, and none at
// all when it ends where it began. Pure functions over immutable values.

export type History<T> = {
  /** Oldest first; the last one is what undo goes back to. */
  readonly past: readonly T[];
  /** Nearest first; the first one is what redo brings back. */
  readonly future: readonly T[];
  /** The state before the gesture in progress, if any. */
  readonly pending: T | null;
};

/** How many steps undo can go back. */
export const HISTORY_LIMIT = 100;

export type Same<T> = (a: T, b: T) => boolean;

export function emptyHistory<T>(): History<T> {
  return { past: [], future: [], pending: null };
}

function push<T>(history: History<T>, before: T, limit: number): History<T> {
  const past = history.past.length >= limit ? history.past.slice(history.past.length - limit + 1) : history.past.slice();
  past.push(before);
  return { past, future: [], pending: null };
}

/** A gesture starts: remembers `present` as its starting point (a gesture already running keeps its own). */
export function begin<T>(history: History<T>, present: T): History<T> {
  return history.pending === null ? { ...history, pending: present } : history;
}

/** The gesture in progress (if any) ends at `present`: one step when it changed the document. */
export function settle<T>(history: History<T>, present: T, same: Same<T>, limit = HISTORY_LIMIT): History<T> {
  if (history.pending === null) return history;
  if (same(history.pending, present)) return { ...history, pending: null };
  return push(history, history.pending, limit);
}

/** A discrete change is about to replace `present`: settles any gesture, then records `present` as one step. */
export function step<T>(history: History<T>, present: T, same: Same<T>, limit = HISTORY_LIMIT): History<T> {
  return push(settle(history, present, same, limit), present, limit);
}

/** Back one step: the state to show and the history after it, or null when there is nothing to undo. */
export function undo<T>(history: History<T>, present: T, same: Same<T>): { history: History<T>; present: T } | null {
  const settled = settle(history, present, same);
  if (!settled.past.length) return null;
  return {
    present: settled.past[settled.past.length - 1],
    history: { past: settled.past.slice(0, -1), future: [present, ...settled.future], pending: null },
  };
}

/** Forward one step, or null when there is nothing to redo. */
export function redo<T>(history: History<T>, present: T, same: Same<T>): { history: History<T>; present: T } | null {
  const settled = settle(history, present, same);
  if (!settled.future.length) return null;
  return {
    present: settled.future[0],
    history: { past: [...settled.past, present], future: settled.future.slice(1), pending: null },
  };
}
