// One SQLite connection, one thing at a time. Prisma's better-sqlite3 adapter runs every query on
// a single connection; its interactive transactions take turns (a mutex), but a query outside any
// transaction ran at once, inside whichever transaction was open between its awaits: it read that
// transaction's uncommitted rows (a list could show a resource a failed import then rolled back).
// Here such a query takes its turn like a transaction: at once when nothing is open (the common
// case: no wait, no extra promise), otherwise after the open transaction and those queued before
// it, in order. Direct statements (./store/sqlite.ts) already stay out while one is open.
//
// A query outside the transaction made from inside a transaction's own callback would wait for
// that transaction forever (until its timeout): `transaction()` in ./db marks its callback's async
// context, and such a query (or a nested transaction) fails at once, naming the mistake.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlDriverAdapter, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';

const KEY = Symbol.for('agent-orchestration.in-transaction');
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<true> | undefined>;
/** Marks the async context of a `transaction()` callback (one instance per process: route bundles share it). */
export const insideTransaction: AsyncLocalStorage<true> = (holder[KEY] ??= new AsyncLocalStorage<true>());

function refuseInsideTransaction(): void {
  if (insideTransaction.getStore()) {
    throw new Error('A query through db() (or a nested transaction) inside transaction(): use the transaction client it was given');
  }
}

/** First come, first served; `take()` is synchronous when free. */
class Turns {
  private busy = false;
  private readonly queue: (() => void)[] = [];
  take(): Promise<void> | undefined {
    if (!this.busy) {
      this.busy = true;
      return undefined;
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }
  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.busy = false;
  }
}

/** Makes `adapter`'s queries outside a transaction wait for the open transaction (called once per connection). */
export function takeTurns(adapter: SqlDriverAdapter): void {
  const turns = new Turns();
  const queryRaw = adapter.queryRaw.bind(adapter);
  const executeRaw = adapter.executeRaw.bind(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  const inTurn = async <T>(run: () => Promise<T>): Promise<T> => {
    refuseInsideTransaction();
    const wait = turns.take();
    if (wait) await wait;
    try {
      return await run();
    } finally {
      turns.release();
    }
  };
  adapter.queryRaw = (query: SqlQuery) => inTurn(() => queryRaw(query));
  adapter.executeRaw = (query: SqlQuery) => inTurn(() => executeRaw(query));
  adapter.startTransaction = async (isolationLevel) => {
    refuseInsideTransaction();
    const wait = turns.take();
    if (wait) await wait;
    let transaction: Transaction;
    try {
      transaction = await startTransaction(isolationLevel);
    } catch (error) {
      turns.release();
      throw error;
    }
    let ended = false;
    const end = () => {
      if (!ended) {
        ended = true;
        turns.release();
      }
    };
    const commit = transaction.commit.bind(transaction);
    const rollback = transaction.rollback.bind(transaction);
    transaction.commit = () => commit().finally(end);
    transaction.rollback = () => rollback().finally(end);
    return transaction;
  };
}
