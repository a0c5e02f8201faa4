// server/admission.ts (decision 105): requests start at once while a turn of the event loop is
// young and nothing waits; past the turn's budget they wait, in arrival order, one start per turn.
import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { admission, isQueued, TURN_BUDGET_MS } from '../../server/admission';
import { isLivenessProbe } from '../../server/front-door';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Keeps the CPU busy for `ms`, the way a request's synchronous work does. */
function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* work */
  }
}

describe('admission: when requests start', () => {
  it('starts a request at once when nothing waits and the turn is young', () => {
    const turns = admission(TURN_BUDGET_MS);
    const started: number[] = [];
    turns.admit(() => started.push(1));
    expect(started).toEqual([1]);
    expect(turns.waiting).toBe(0);
  });

  it('past the budget, requests wait and start in arrival order, one per turn', async () => {
    const turns = admission(1);
    const started: string[] = [];
    turns.admit(() => {
      started.push('a');
      busy(3); // the turn is now past its budget
    });
    for (const name of ['b', 'c', 'd']) turns.admit(() => started.push(name));
    expect(started).toEqual(['a']);
    expect(turns.waiting).toBe(3);
    await nextTurn();
    expect(started).toEqual(['a', 'b']);
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c']);
    // A newcomer while others wait goes behind them, even on a young turn.
    turns.admit(() => started.push('e'));
    await nextTurn();
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(turns.waiting).toBe(0);
  });

  it('a queued request starts in no other request’s async context', async () => {
    const store = new AsyncLocalStorage<string>();
    const turns = admission(0);
    const seen: (string | undefined)[] = [];
    await store.run('first request', async () => {
      turns.admit(() => busy(1));
      turns.admit(() => seen.push(store.getStore()));
    });
    await nextTurn();
    await nextTurn();
    expect(seen).toEqual([undefined]);
  });

  it('queues everything but the build’s static files', () => {
    expect(isQueued('/api/agents')).toBe(true);
    expect(isQueued('/squads/abc/designer')).toBe(true);
    expect(isQueued('/_next/static/chunks/x.js')).toBe(false);
  });
});

describe('the front door’s liveness probe', () => {
  it('is GET or HEAD /api/health, with or without a query or a trailing slash, and nothing else', () => {
    for (const url of ['/api/health', '/api/health/', '/api/health?lb=1']) {
      expect(isLivenessProbe('GET', url), url).toBe(true);
      expect(isLivenessProbe('HEAD', url), url).toBe(true);
    }
    expect(isLivenessProbe('POST', '/api/health')).toBe(false);
    expect(isLivenessProbe('GET', '/api/health/ready')).toBe(false);
    expect(isLivenessProbe('GET', '/api/healthz')).toBe(false);
    expect(isLivenessProbe('GET', '/api/health%2F')).toBe(false);
  });
});
