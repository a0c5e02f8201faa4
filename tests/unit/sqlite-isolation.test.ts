// Prisma's better-sqlite3 adapter runs every query on one connection. Its interactive transactions
// take turns (a mutex), but a query outside any transaction used to run at once, inside whichever
// transaction was open between its awaits: it saw that transaction's uncommitted rows, and a write
// of its own was rolled back with it though it had been acknowledged. lib/server/db.ts now makes
// such a query wait until no transaction is open. Real Prisma client, real SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseTarget } from '@/lib/server/config';
import { migrateDatabase } from '@/lib/server/migrate';

const dir = mkdtempSync(path.join(os.tmpdir(), 'aoc-isolation-'));
let dbModule: typeof import('@/lib/server/db');

beforeAll(async () => {
  process.env.DATABASE_URL = `file:${path.join(dir, 'app.db')}`;
  await migrateDatabase(databaseTarget());
  dbModule = await import('@/lib/server/db');
  await dbModule.prepareDatabase();
});
afterAll(async () => {
  await dbModule?.db().$disconnect();
  delete process.env.DATABASE_URL;
  rmSync(dir, { recursive: true, force: true });
});

const names = async () => (await dbModule.db().company.findMany({ orderBy: { name: 'asc' } })).map((c) => c.name);

/**
 * A transaction that writes the company `name`, then stays open until `leave()`; it commits, or
 * rolls back with `failWith`. `inside` resolves once it is open with its row written.
 */
function openTransaction(name: string, failWith?: string) {
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  let leave!: () => void;
  const held = new Promise<void>((resolve) => (leave = resolve));
  const done = dbModule.transaction(async (tx) => {
    await tx.company.create({ data: { name } });
    entered();
    await held;
    if (failWith) throw new Error(failWith);
  });
  return { inside, leave, done };
}

it('a read outside a transaction never sees an open transaction’s rows, and a write outside it survives its rollback', async () => {
  const { db } = dbModule;
  const { inside, leave, done } = openTransaction('Uncommitted', 'refused');
  const rolledBack = done.catch((error: Error) => error.message);
  await inside;
  // While the transaction is open: a read and a write from elsewhere.
  const read = names();
  const write = db().company.create({ data: { name: 'Acknowledged' } });
  await new Promise((r) => setTimeout(r, 50));
  leave();
  expect(await rolledBack).toBe('refused');
  expect(await read).not.toContain('Uncommitted');
  await write;
  expect(await names()).toEqual(['Acknowledged']);
});

it('a query through db() from inside a transaction’s callback fails at once instead of waiting for it', async () => {
  const { db, transaction } = dbModule;
  const started = performance.now();
  await expect(transaction(async () => db().company.count())).rejects.toThrow(/inside transaction\(\)/);
  await expect(transaction(async () => transaction(async (tx) => tx.company.count()))).rejects.toThrow(/inside transaction\(\)/);
  expect(performance.now() - started).toBeLessThan(5_000);
  // The connection is free again afterwards.
  expect(await db().company.count()).toBe(1);
});


// Decision 086: a long transaction no longer holds up everything else.
it('a read outside an open transaction answers before the transaction ends, with what was committed', async () => {
  const { db } = dbModule;
  const order: string[] = [];
  const { inside, leave, done: committed } = openTransaction('Open');
  const done = committed.then(() => order.push('transaction'));
  await inside;
  // Released whichever way: the assertion is on the order, not on time (a wait would put the read second).
  const fallback = setTimeout(leave, 5_000);
  const seen = await db().company.findMany({ select: { name: true } });
  order.push('read');
  leave();
  await done;
  clearTimeout(fallback);
  expect(order).toEqual(['read', 'transaction']);
  expect(seen.map((c) => c.name)).not.toContain('Open');
  await db().company.deleteMany({ where: { name: 'Open' } });
});

it('a transaction of many statements lets the event loop through before it commits', async () => {
  const { transaction } = dbModule;
  let written = 0;
  let writtenWhenLoopRan = -1;
  const statements = 3_000;
  const done = transaction(async (tx) => {
    // Scheduled from inside: with no give-way it could run only after the last statement.
    setImmediate(() => (writtenWhenLoopRan = written));
    for (let i = 0; i < statements; i++) {
      await tx.$executeRawUnsafe('UPDATE "Company" SET "name" = "name" WHERE "id" = ?', 'none');
      written++;
    }
  });
  await done;
  expect(writtenWhenLoopRan).toBeGreaterThanOrEqual(0);
  expect(writtenWhenLoopRan).toBeLessThan(statements);
});
