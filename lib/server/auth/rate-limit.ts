// Brute-force counters (D2 and decision 009), kept in the database (table AuthFailure) so that
// restarts and several instances share them.
//
// One row per counted attempt. Writes are plain INSERTs and DELETEs of one's own rows, so
// concurrent requests never lose an update on either database. An attempt is counted *before*
// it is judged against the limit (insert, then look at the newest rows): of N parallel attempts
// the k-th to commit sees at least k rows, so no more than the limit ever get through, however
// many arrive at once. A refused attempt removes its rows again: hammering a full bucket neither
// prolongs the block nor grows the table. Rows older than the longest window are pruned, at most
// once a minute per process, by one indexed range delete.
import { ApiError } from '../../api/errors';
import { db } from '../db';

export type Scope = 'address' | 'account' | 'device';

/** More than `max` counted attempts within `windowMs` refuse further ones with 429. */
export const LIMITS: Record<Scope, { max: number; windowMs: number }> = {
  /** D2: wrong API keys, refresh tokens and passwords from one client address. */
  address: { max: 20, windowMs: 60_000 },
  /** Wrong passwords for one account (email), from any address. */
  account: { max: 10, windowMs: 15 * 60_000 },
  /** Wrong passwords from one trusted browser (device cookie) for its account. */
  device: { max: 10, windowMs: 15 * 60_000 },
};

export type Bucket = { scope: Scope; key: string };

/** The rows of one counted attempt: kept for a failure, released when the credential was right. */
export type Attempt = { ids: string[] };

const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

/** Deletes rows that no window can count any more; answers how many. */
export async function pruneAuthFailures(now = Date.now()): Promise<number> {
  lastPrune = now;
  const { count } = await db().authFailure.deleteMany({ where: { at: { lt: new Date(now - LONGEST_WINDOW_MS) } } });
  return count;
}

function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError('rate_limited', 'Too many failed credential attempts; try again later', undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

/**
 * Seconds until `bucket` takes another attempt, or 0 when it holds at most its limit (`own`, the
 * attempt being judged, included).
 */
async function waitSeconds(bucket: Bucket, own: string, now: number): Promise<number> {
  const { max, windowMs } = LIMITS[bucket.scope];
  const newest = await db().authFailure.findMany({
    where: { scope: bucket.scope, key: bucket.key, at: { gt: new Date(now - windowMs) } },
    orderBy: { at: 'desc' },
    take: max + 1,
    select: { id: true, at: true },
  });
  if (newest.length <= max) return 0;
  // Without its own row the bucket holds at least `max`; once the max-th newest of the others
  // leaves the window, the next attempt is within the limit again.
  const others = newest.filter((row) => row.id !== own);
  const pivot = others[max - 1] ?? others[others.length - 1];
  return Math.max(1, Math.ceil((pivot.at.getTime() + windowMs - now) / 1000));
}

/**
 * Counts one attempt against every bucket; throws 429 (with `retry-after`) when any of them then
 * holds more than its limit, and the refused attempt is not counted.
 */
export async function countAttempt(buckets: Bucket[], now = Date.now()): Promise<Attempt> {
  if (now - lastPrune >= PRUNE_EVERY_MS) await pruneAuthFailures(now);
  const at = new Date(now);
  const ids: string[] = [];
  for (const { scope, key } of buckets) ids.push((await db().authFailure.create({ data: { scope, key, at }, select: { id: true } })).id);
  let wait = 0;
  for (const [i, bucket] of buckets.entries()) wait = Math.max(wait, await waitSeconds(bucket, ids[i], now));
  if (wait > 0) {
    await releaseAttempt({ ids });
    throw rateLimited(wait);
  }
  return { ids };
}

/** Uncounts an attempt whose credential was right (or that never came to be judged). */
export async function releaseAttempt(attempt: Attempt): Promise<void> {
  if (attempt.ids.length) await db().authFailure.deleteMany({ where: { id: { in: attempt.ids } } });
}

/**
 * A wrong API key or refresh token from `address` (D2): counted; throws 429 when it is more than
 * 20 within a minute. Right credentials are never counted nor refused (decision 009).
 */
export async function recordFailure(address: string): Promise<void> {
  await countAttempt([{ scope: 'address', key: address }]);
}
