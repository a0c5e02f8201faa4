// When the custom server hands a request to Next.js (decision 105), on SQLite (server.ts uses it
// there only: on PostgreSQL the loop turns over while statements wait, and turns only cost CPU). Node reads every socket that
// has data in one go, and on SQLite (synchronous statements, promises already settled) a request's
// whole handling runs before the next socket's is even looked at: at 64 busy clients one turn of
// the event loop held ~64 requests' work, 75-110 ms, and a request arriving meanwhile (the
// liveness probe too) waited a whole turn before it was read.
// Now a turn starts requests only while it is young (TURN_BUDGET_MS); past that, and while any
// wait, a request waits in a queue, in arrival order, and the queue starts one request per turn.
// A turn is then a few milliseconds long: what the front door answers itself (the liveness probe)
// is answered within one, and no request jumps the queue. It bounds when work starts, not how much
// runs at once: a request waiting on PostgreSQL or a file holds no place.
import { AsyncResource } from 'node:async_hooks';

/** How long a turn of the event loop may run requests before the next ones wait for a later turn. */
export const TURN_BUDGET_MS = 5;

/** Whether a request goes through the queue: everything but the build's static files. */
export const isQueued = (url: string): boolean => !url.startsWith('/_next/static/');

export type Admission = {
  /** Runs `start` now or on a later turn, in arrival order. */
  admit(start: () => void): void;
  /** Requests waiting (tests, benchmarks). */
  readonly waiting: number;
};

export function admission(budgetMs = TURN_BUDGET_MS): Admission {
  let turnStart = -1;
  let queue: Array<() => void> = [];
  let head = 0;
  let scheduled = false;
  // Reset when the loop comes round: a turn's age is measured from its first request.
  const endTurn = () => {
    turnStart = -1;
  };
  const age = () => {
    const now = performance.now();
    if (turnStart < 0) {
      turnStart = now;
      setImmediate(endTurn);
    }
    return now - turnStart;
  };
  // One queued request per turn: the next immediate, scheduled from this one, runs on the next turn.
  // Bound to this module's (empty) async context: a request starts in no other request's context.
  const drain = AsyncResource.bind(() => {
    scheduled = false;
    if (head >= queue.length) return;
    const start = queue[head];
    queue[head++] = undefined as unknown as () => void;
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    if (head < queue.length) {
      scheduled = true;
      setImmediate(drain);
    }
    start();
  });
  return {
    admit(start) {
      if (head >= queue.length && age() < budgetMs) {
        start();
        return;
      }
      queue.push(start);
      if (!scheduled) {
        scheduled = true;
        setImmediate(drain);
      }
    },
    get waiting() {
      return queue.length - head;
    },
  };
}
