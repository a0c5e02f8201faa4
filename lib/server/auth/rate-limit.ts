// Brute-force counters (D2 and decision 009), kept in the database so that restarts and several
// instances share them: a bucket row per counter (AuthLimitBucket) and a row per counted attempt
// (AuthFailure).
//
// Concurrency: an attempt is judged and added in one transaction that first writes (upserts) the
// row of each of its buckets, in a fixed order. On PostgreSQL that write takes the bucket row's
// lock until commit; on SQLite the first write takes the database's write lock (a waiting
// transaction holds no stale snapshot). So attempts on one bucket are counted one after the
// other and the limit is exact however many arrive at once: of 30 parallel wrong API keys from
// one address, 20 are counted (401) and 10 refused (429). A refused attempt adds no row:
// hammering a full bucket neither prolongs the block nor grows the table.
// Rows older than the longest window, and buckets untouched as long, are pruned at most once a
// minute per process by indexed range deletes.
import { ApiError } from '../../errors';
import { db, transaction, type Tx } from '../db';

export type Scope = 'address' | 'account' | 'device';

/** More than `max` counted attempts within `windowMs` refuse further ones with 429. */
export const LIMITS: Record<Scope, { max: number; windowMs: number }> = {
  /** D2: wrong API keys, refresh tokens and passwords from one client address. */
  address: { max: 20, windowMs: 60_000 },
  /** Password sign-ins to one account (email), from any address, by browsers it does not trust. */
  account: { max: 10, windowMs: 15 * 60_000 },
  /** Password sign-ins from one trusted browser (device cookie) to its account. */
  device: { max: 10, windowMs: 15 * 60_000 },
};

export type Bucket = { scope: Scope; key: string };

/** The rows of one counted attempt: kept for a failure, released when the credential was right. */
export type Attempt = { ids: string[] };

export const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

export const bucketId = (bucket: Bucket): string => `${bucket.scope}:${bucket.key}`;

/** Deletes attempts no window counts any more, and buckets untouched as long; answers how many attempts. */
export async function pruneAuthFailures(now = Date.now()): Promise<number> {
  lastPrune = now;
  const before = new Date(now - LONGEST_WINDOW_MS);
  const { count } = await db().authFailure.deleteMany({ where: { at: { lt: before } } });
  await db().authLimitBucket.deleteMany({ where: { touchedAt: { lt: before } } });
  return count;
}

function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError('rate_limited', 'Too many failed credential attempts; try again later', undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

/** Seconds until `bucket` takes another attempt, or 0 when it takes one now. */
async function waitSeconds(tx: Tx, bucket: Bucket, now: number): Promise<number> {
  const { max, windowMs } = LIMITS[bucket.scope];
  const newest = await tx.authFailure.findMany({
    where: { bucket: bucketId(bucket), at: { gt: new Date(now - windowMs) } },
    orderBy: { at: 'desc' },
    take: max,
    select: { at: true },
  });
  if (newest.length < max) return 0;
  // Full: once the max-th newest leaves the window, the next attempt is within the limit again.
  return Math.max(1, Math.ceil((newest[max - 1].at.getTime() + windowMs - now) / 1000));
}

/**
 * Counts one attempt against every bucket, or throws 429 (with `retry-after`, counting nothing)
 * when any of them already holds its limit within its window.
 */
export async function countAttempt(buckets: Bucket[], now = Date.now()): Promise<Attempt> {
  if (now - lastPrune >= PRUNE_EVERY_MS) await pruneAuthFailures(now);
  const at = new Date(now);
  const ids = [...new Set(buckets.map(bucketId))].sort(); // one lock order everywhere: no deadlock
  return transaction(async (tx) => {
    for (const id of ids) await tx.authLimitBucket.upsert({ where: { id }, create: { id, touchedAt: at }, update: { touchedAt: at } });
    let wait = 0;
    for (const bucket of buckets) wait = Math.max(wait, await waitSeconds(tx, bucket, now));
    if (wait > 0) throw rateLimited(wait);
    const rows: string[] = [];
    for (const bucket of ids) rows.push((await tx.authFailure.create({ data: { bucket, at }, select: { id: true } })).id);
    return { ids: rows };
  });
}

/** Uncounts an attempt whose credential was right (or that failed for another reason). */
export async function releaseAttempt(attempt: Attempt): Promise<void> {
  if (attempt.ids.length) await db().authFailure.deleteMany({ where: { id: { in: attempt.ids } } });
}

/**
 * A wrong API key or refresh token from `address` (D2): counted, answered 401 by the caller;
 * throws 429 when the address already has 20 within the last minute. Right credentials are
 * never counted nor refused (decision 009).
 */
export async function recordFailure(address: string): Promise<void> {
  await countAttempt([{ scope: 'address', key: address }]);
}

/**
 * Runs `check` as one counted attempt against `buckets` (429 before it runs when one is full): a
 * null answer (a wrong credential) stays counted; a success, or an error of another kind, is
 * uncounted. Sign-in, password change, and the use of invitation and reset links go through it.
 */
export async function countedAttempt<T>(buckets: Bucket[], check: () => Promise<T | null>): Promise<T | null> {
  const attempt = await countAttempt(buckets);
  let outcome: T | null;
  try {
    outcome = await check();
  } catch (error) {
    await releaseAttempt(attempt);
    throw error;
  }
  if (outcome !== null) await releaseAttempt(attempt);
  return outcome;
}
