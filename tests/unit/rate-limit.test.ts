// The brute-force counters (lib/server/auth/rate-limit.ts) on a real database of each provider:
// limits and retry-after, counters that a second client (another instance, or the same one after
// a restart) sees, release of right credentials, pruning, and exact counting under concurrency.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { bucketId, countAttempt, LIMITS, LONGEST_WINDOW_MS, pruneAuthFailures, recordFailure, releaseAttempt, type Bucket } from '@/lib/server/auth/rate-limit';
import { databaseTarget } from '@/lib/server/config';
import { db, loadDatabase } from '@/lib/server/db';
import { migrateDatabase } from '@/lib/server/migrate';
import { createDatabase, hasPostgres, startPostgres } from '@/scripts/lib/postgres';

const HOLDER = Symbol.for('agent-orchestration.prisma');

/** Points db() at `url` with a fresh client, as a newly started instance would have. */
async function freshClient(url: string): Promise<void> {
  const holder = globalThis as unknown as Record<symbol, { $disconnect(): Promise<void> } | undefined>;
  await holder[HOLDER]?.$disconnect();
  holder[HOLDER] = undefined;
  process.env.DATABASE_URL = url;
  await loadDatabase();
}

/** The 429 that `fn` throws, with its retry-after in seconds. */
async function refusal(fn: () => Promise<unknown>): Promise<number> {
  const error = await fn().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(429);
  return Number((error as ApiError).headers?.['retry-after']);
}

let n = 0;
const unique = (scope: Bucket['scope']): Bucket => ({ scope, key: `${scope}-${process.pid}-${Date.now()}-${++n}` });

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await freshClient('');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function suite(name: string, setup: () => Promise<string>, skip = false) {
  describe.skipIf(skip)(`brute-force counters on ${name}`, () => {
    let url = '';

    it('migrates a fresh database', async () => {
      url = await setup();
      await migrateDatabase(databaseTarget(url));
      await freshClient(url);
    });

    it('refuses the attempt after the limit with 429 and retry-after, counting nothing more', async () => {
      const address = unique('address').key;
      const now = Date.now();
      for (let i = 0; i < LIMITS.address.max; i++) await recordFailure(address);
      const wait = await refusal(() => recordFailure(address));
      // Until the first of the 20 leaves the minute: less the time the 20 took on a busy machine.
      expect(wait).toBeGreaterThanOrEqual(59 - Math.ceil((Date.now() - now) / 1000));
      expect(wait).toBeLessThanOrEqual(60);
      await refusal(() => recordFailure(address));
      expect(await db().authFailure.count({ where: { bucket: `address:${address}` } })).toBe(LIMITS.address.max);
      // Another address is unaffected, and the window slides.
      await recordFailure(unique('address').key);
      await countAttempt([{ scope: 'address', key: address }], now + LIMITS.address.windowMs + 1000);
    });

    it('answers retry-after for when the max-th newest attempt leaves the window', async () => {
      const bucket = unique('account');
      const now = Date.now();
      for (let i = 0; i < 5; i++) await countAttempt([bucket], now - 10 * 60_000);
      for (let i = 0; i < 5; i++) await countAttempt([bucket], now - 2 * 60_000);
      expect(await refusal(() => countAttempt([bucket], now))).toBe(5 * 60);
      // An attempt of several buckets is refused when any of them is full, and counts in none.
      const address = unique('address');
      await refusal(() => countAttempt([address, bucket], now));
      expect(await db().authFailure.count({ where: { bucket: `address:${address.key}` } })).toBe(0);
    });

    it('keeps the counters in the database: a new client (restart, second instance) sees them', async () => {
      const bucket = unique('account');
      for (let i = 0; i < LIMITS.account.max; i++) await countAttempt([bucket]);
      await freshClient(url);
      await refusal(() => countAttempt([bucket]));
      expect(await db().authLimitBucket.count({ where: { id: `account:${bucket.key}` } })).toBe(1);
    });

    it('uncounts a released attempt (a right credential)', async () => {
      const bucket = unique('device');
      for (let i = 0; i < LIMITS.device.max - 1; i++) await countAttempt([bucket]);
      const right = await countAttempt([bucket]);
      await releaseAttempt(right);
      await releaseAttempt(await countAttempt([bucket]));
      await countAttempt([bucket]);
      await refusal(() => countAttempt([bucket]));
    });

    it('prunes each attempt once its own window no longer counts it, and buckets untouched for the longest window', async () => {
      const old = unique('address');
      const recent = unique('address');
      const account = unique('account');
      const now = Date.now();
      await countAttempt([old], now - LONGEST_WINDOW_MS - 60_000);
      // Two minutes old: past an address's minute, within an account's 15 minutes.
      await countAttempt([recent, account], now - 2 * 60_000);
      await countAttempt([recent], now - 30_000);
      expect(await pruneAuthFailures(now)).toBeGreaterThanOrEqual(2);
      const left = await db().authFailure.findMany({ where: { bucket: { in: [old, recent, account].map(bucketId) } }, select: { bucket: true } });
      expect(left.map((row) => row.bucket).sort()).toEqual([bucketId(account), bucketId(recent)]);
      expect(await db().authLimitBucket.findMany({ where: { id: { in: [old, recent].map(bucketId) } }, select: { id: true } })).toEqual([{ id: bucketId(recent) }]);
    });

    it('counts exactly under concurrency: of 30 parallel attempts on a new bucket, 20 are counted', async () => {
      const address = unique('address').key;
      const results = await Promise.allSettled(Array.from({ length: 30 }, () => recordFailure(address)));
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused.every((r) => (r.reason as ApiError).status === 429)).toBe(true);
      expect(results.length - refused.length).toBe(LIMITS.address.max);
      expect(await db().authFailure.count({ where: { bucket: `address:${address}` } })).toBe(LIMITS.address.max);
    });

    it('takes parallel attempts on overlapping buckets without deadlock', async () => {
      const account = unique('account');
      const addresses = Array.from({ length: 6 }, () => unique('address'));
      const results = await Promise.allSettled(addresses.flatMap((a) => [countAttempt([a, account]), countAttempt([account, a])]));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMITS.account.max);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.status === 429)).toBe(true);
    });
  });
}

suite('SQLite', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rate-limit-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return `file:${path.join(dir, 'app.db')}`;
});

suite(
  'PostgreSQL',
  async () => {
    const server = await startPostgres();
    cleanups.push(() => server.stop());
    return createDatabase(server.url, `rate_${process.pid}`);
  },
  !hasPostgres(),
);
