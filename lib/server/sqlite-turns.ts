// One SQLite connection, one thing at a time. Prisma's better-sqlite3 adapter runs every query on
// a single connection; its interactive transactions take turns (a mutex), but a query outside any
// transaction ran at once, inside whichever transaction was open between its awaits: it read that
// transaction's uncommitted rows (a list could show a resource a failed import then rolled back).
// Here such a query takes its turn like a transaction: at once when nothing is open (the common
// case: no wait, no extra promise), otherwise after the open transaction and those queued before
// it, in order. Direct statements (./store/sqlite.ts) already stay out while one is open.
//
//
// Long transactions let the others through (decision 086). better-sqlite3 is synchronous and the
// adapter answers every statement with an already-settled promise, so a transaction of thousands
// of statements (a bundle import at its caps) ran as one chain of microtasks: the event loop never
// got back to its sockets, and every request of every company, /api/health included, waited for
// the whole transaction (6.8 s measured). Now:
// - a transaction's statement, once TRANSACTION_SLICE_MS have passed since it last gave way, first
//   gives way to the event loop (setImmediate): the requests that arrived meanwhile run (its next
//   slice is as long as they took, up to MAX_TRANSACTION_SLICE_MS: it keeps half the loop);
// - a read outside the transaction (a SELECT) that arrives while one is open does not wait for it:
//   it runs on a second, read-only connection to the same file, which in WAL mode sees exactly what
//   was last committed (what PostgreSQL gives each of its connections). Writes still take their
//   turn: SQLite has one writer.
//
// A query outside the transaction made from inside a transaction's own callback would wait for
// that transaction forever (until its timeout): `transaction()` in ./db marks its callback's async
// context, and such a query (or a nested transaction) fails at once, naming the mistake.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlDriverAdapter, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';
import { giveWay } from './pace';

const KEY = Symbol.for('agent-orchestration.in-transaction');
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<true> | undefined>;
/** Marks the async context of a `transaction()` callback (one instance per process: route bundles share it). */
export const insideTransaction: AsyncLocalStorage<true> = (holder[KEY] ??= new AsyncLocalStorage<true>());

function refuseInsideTransaction(): void {
  if (insideTransaction.getStore()) {
    throw new Error('A query through db() (or a nested transaction) inside transaction(): use the transaction client it was given');
  }
}

/**
 * A transaction runs this long on end before it lets the event loop through; then as long as the
 * others just ran (it keeps at least half the loop, so a long import is not starved under load),
 * up to MAX_TRANSACTION_SLICE_MS.
 */
export const TRANSACTION_SLICE_MS = 10;
export const MAX_TRANSACTION_SLICE_MS = 50;

/** A statement that only reads: it may run on the read-only connection. */
const READS = /^\s*SELECT\b/i;

/** First come, first served; `take()` is synchronous when free. */
class Turns {
  busy = false;
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


/** A second connection to the same file for reads while a transaction is open (opened when first needed). */
export type OpenReader = () => Promise<SqlDriverAdapter>;

/**
 * Makes `adapter`'s queries outside a transaction wait for the open transaction, or, for reads
 * when `openReader` is given, run beside it on a read-only connection; and makes its
 * transactions give way to the event loop every TRANSACTION_SLICE_MS (called once per connection).
 */
export function takeTurns(adapter: SqlDriverAdapter, openReader?: OpenReader): void {
  const turns = new Turns();
  let reader: Promise<SqlDriverAdapter> | undefined;
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
  adapter.queryRaw = (query: SqlQuery) => {
    if (!turns.busy || !openReader || !READS.test(query.sql)) return inTurn(() => queryRaw(query));
    refuseInsideTransaction();
    reader ??= openReader();
    return reader.then((connection) => connection.queryRaw(query));
  };
  const dispose = adapter.dispose.bind(adapter);
  adapter.dispose = async () => {
    const open = reader;
    reader = undefined;
    await Promise.all([dispose(), open?.then((connection) => connection.dispose(), () => undefined)]);
  };
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
    // Gives way once this transaction has run its slice since it last did.
    let sliceStart = performance.now();
    let slice = TRANSACTION_SLICE_MS;
    const paced = <T>(run: () => Promise<T>): Promise<T> => {
      const left = performance.now();
      if (left - sliceStart < slice) return run();
      return giveWay().then(() => {
        sliceStart = performance.now();
        slice = Math.min(MAX_TRANSACTION_SLICE_MS, Math.max(TRANSACTION_SLICE_MS, sliceStart - left));
        return run();
      });
    };
    const txQueryRaw = transaction.queryRaw.bind(transaction);
    const txExecuteRaw = transaction.executeRaw.bind(transaction);
    transaction.queryRaw = (query: SqlQuery) => paced(() => txQueryRaw(query));
    transaction.executeRaw = (query: SqlQuery) => paced(() => txExecuteRaw(query));
    const commit = transaction.commit.bind(transaction);
    const rollback = transaction.rollback.bind(transaction);
    transaction.commit = () => commit().finally(end);
    transaction.rollback = () => rollback().finally(end);
    return transaction;
  };
}
