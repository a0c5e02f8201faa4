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
// The statements of an attempt run without Prisma's query pipeline (decision 086: it was most of
// the CPU a failed credential cost), through the store's `runSteps`: on SQLite synchronously
// between BEGIN IMMEDIATE and COMMIT, on PostgreSQL in BEGIN … COMMIT on a client of the pool.
// Each scope's rows are removed once its window no longer counts them, by `pruneAuthFailures`,
// which the server runs every PRUNE_EVERY_MS outside any request (server.ts), never in a request.
import { ApiError } from '../../errors';
import { db } from '../db';
import { newId } from '../ids';
import { Prisma } from '../prisma-values';
import { runSteps } from '../store';

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
/** How often the server removes attempts their window no longer counts: a row lives at most its window and this. */
export const PRUNE_EVERY_MS = 15_000;

export const bucketId = (bucket: Bucket): string => `${bucket.scope}:${bucket.key}`;

/**
 * Deletes the attempts no window counts any more (each scope's own window: an address's after a
 * minute), and the buckets untouched for the longest window; answers how many attempts went.
 * Bucket ids begin with their scope, so each delete is a range on the (bucket, at) index.
 */
export async function pruneAuthFailures(now = Date.now()): Promise<number> {
  let removed = 0;
  for (const [scope, { windowMs }] of Object.entries(LIMITS)) {
    const where = { bucket: { gte: `${scope}:`, lt: `${scope};` }, at: { lt: new Date(now - windowMs) } };
    removed += (await db().authFailure.deleteMany({ where })).count;
  }
  await db().authLimitBucket.deleteMany({ where: { touchedAt: { lt: new Date(now - LONGEST_WINDOW_MS) } } });
  return removed;
}

function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError('rate_limited', 'Too many failed credential attempts; try again later', undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

/** A stored `at`: a Date, or text (SQLite: ISO 8601 with its offset; PostgreSQL: UTC without one). */
function storedTime(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`).getTime();
}

/**
 * The statements of one attempt, in order: each bucket's row written first (its lock, in one
 * order everywhere: no deadlock), then each bucket's max-th newest attempt within its window
 * read (present: the bucket is full, 429), then the attempt's rows. Yields each statement and is
 * handed back its rows; driven synchronously (SQLite) or not (PostgreSQL, a Prisma transaction).
 */
function* attemptStatements(buckets: Bucket[], now: number): Generator<Prisma.Sql, Attempt, unknown[]> {
  const at = new Date(now);
  const ids = [...new Set(buckets.map(bucketId))].sort();
  for (const id of ids) {
    yield Prisma.sql`INSERT INTO "AuthLimitBucket" ("id", "touchedAt") VALUES (${id}, ${at}) ON CONFLICT ("id") DO UPDATE SET "touchedAt" = excluded."touchedAt"`;
  }
  let wait = 0;
  for (const bucket of buckets) {
    const { max, windowMs } = LIMITS[bucket.scope];
    const [full] = (yield Prisma.sql`SELECT "at" FROM "AuthFailure" WHERE "bucket" = ${bucketId(bucket)} AND "at" > ${new Date(now - windowMs)} ORDER BY "at" DESC LIMIT 1 OFFSET ${max - 1}`) as { at: unknown }[];
    // Full: once the max-th newest leaves the window, the next attempt is within the limit again.
    if (full) wait = Math.max(wait, Math.max(1, Math.ceil((storedTime(full.at) + windowMs - now) / 1000)));
  }
  if (wait > 0) throw rateLimited(wait);
  const rows = ids.map(() => newId());
  yield Prisma.sql`INSERT INTO "AuthFailure" ("id", "bucket", "at") VALUES ${Prisma.join(ids.map((bucket, i) => Prisma.sql`(${rows[i]}, ${bucket}, ${at})`))}`;
  return { ids: rows };
}

/**
 * Counts one attempt against every bucket, or throws 429 (with `retry-after`, counting nothing)
 * when any of them already holds its limit within its window.
 */
export function countAttempt(buckets: Bucket[], now = Date.now()): Promise<Attempt> {
  return runSteps(() => attemptStatements(buckets, now));
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
