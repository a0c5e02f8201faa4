// Heavy work never stalls the others (issue 21 part 4, decision 086). Asserted by order and
// outcome, never by time: while a bundle import at its caps runs, requests sent after it began
// answer before it does (on SQLite too, where its statements used to hold the event loop until it
// committed), and see none of it until it commits; brute-force attempts are removed by the
// server's own housekeeping once their window no longer counts them, without any request.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { MAX_BUNDLE_ITEMS } from '@/lib/schemas/bundle';
import { maximalBundleImport } from '@/scripts/lib/max-bundle';
import { call, newCompany } from './helpers';

/** Polls `check` every 50 ms until it holds or `stop()` does; answers whether it held. */
async function until(check: () => Promise<boolean>, stop: () => boolean): Promise<boolean> {
  for (;;) {
    if (await check()) return true;
    if (stop()) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a long write lets other requests through', () => {
  it('while a maximal bundle import runs, /api/health, another company’s list and the importer’s own list answer first, without any of it', { timeout: 180_000 }, async () => {
    const importer = await newCompany();
    const other = await newCompany();
    const key = randomUUID();
    const order: string[] = [];
    let importAnswered = false;
    const imported = call('/bundles/import', { method: 'POST', token: importer.token, body: maximalBundleImport(key), headers: { 'idempotency-key': key } }).then((res) => {
      importAnswered = true;
      order.push('import');
      return res;
    });
    // Under way: its Idempotency-Key is claimed (committed) just before its transaction begins.
    const started = await until(async () => (await db().idempotencyKey.count({ where: { key } })) > 0, () => importAnswered);
    expect(started, 'the import answered before its claim was seen: nothing to race').toBe(true);
    const track = <T>(name: string, request: Promise<T>) => request.then((res) => (order.push(name), res));
    const [health, otherList, ownList] = await Promise.all([
      track('health', call('/health')),
      track('other company', call('/agents', { token: other.token })),
      track('importer', call('/agents', { token: importer.token })),
    ]);
    const result = await imported;
    expect(result.status, result.text.slice(0, 300)).toBe(201);
    expect(health.status).toBe(200);
    expect(otherList.status).toBe(200);
    expect(ownList.status).toBe(200);
    expect(order.at(-1)).toBe('import');
    expect(order).toHaveLength(4);
    // All or nothing still: what answered during the import saw none of it; after, all of it.
    expect(otherList.body).toEqual([]);
    expect(ownList.body).toEqual([]);
    const after = await call(`/agents?limit=${MAX_BUNDLE_ITEMS}`, { token: importer.token });
    expect(after.body).toHaveLength(MAX_BUNDLE_ITEMS);
  });
});

describe('housekeeping runs outside requests', () => {
  it('removes brute-force attempts once their own window no longer counts them, with no request asking', { timeout: 90_000 }, async () => {
    const suffix = randomUUID();
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    // An address counts its last minute, an account its last 15 minutes (decision 009).
    const address = `address:heavy-${suffix}`;
    const account = `account:heavy-${suffix}`;
    await db().authLimitBucket.createMany({ data: [{ id: address, touchedAt: twoMinutesAgo }, { id: account, touchedAt: twoMinutesAgo }] });
    await db().authFailure.createMany({ data: [{ bucket: address, at: twoMinutesAgo }, { bucket: account, at: twoMinutesAgo }] });
    const bound = Date.now() + 60_000; // a generous bound on the outcome, not a measured time: the sweep runs every 15 s
    const gone = await until(async () => (await db().authFailure.count({ where: { bucket: address } })) === 0, () => Date.now() > bound);
    expect(gone, 'the address’s attempt outlived its window').toBe(true);
    // The account's attempt still counts (and its bucket stays): only what no window counts goes.
    expect(await db().authFailure.count({ where: { bucket: account } })).toBe(1);
    expect(await db().authLimitBucket.count({ where: { id: { in: [address, account] } } })).toBe(2);
  });
});
