// Revoked credentials refused by every instance at once on PostgreSQL (D13, decision 044). Each
// server keeps checked access tokens in memory for up to 5 s (./token-cache, decision 024); a
// sign-out, key revocation or member change made on one instance would otherwise keep working on
// the others until that TTL ends. Here every forget made after a commit is announced with
// PostgreSQL's NOTIFY, and every instance LISTENs on one connection of its own and forgets the
// same entries when the announcement arrives (milliseconds: the test measures it).
// A lost listening connection forgets everything (announcements may have been missed) and
// reconnects; until it is back the TTL is the bound, as it is for an announcement lost to a crash
// between commit and NOTIFY. No Redis: the database the instances already share carries it.
import { randomUUID } from 'node:crypto';
import type { Client, Notification } from 'pg';
import { db } from '../db';
import { forgetTokens, setTokenAnnouncer, type TokenMatch } from './token-cache';

const CHANNEL = 'aoc_tokens_forgotten';
const RECONNECT_MS = 1_000;
/** This process: its own announcements come back to it and are skipped. */
const INSTANCE = randomUUID();
const FIELDS = ['hash', 'apiKeyId', 'userId', 'familyId'] as const;

type Message = { from: string; match: TokenMatch };

/** The match of an announcement, or null for anything that is not one of ours (never trusted to index an object). */
function matchOf(payload: string | undefined): Message | null {
  try {
    const parsed = JSON.parse(payload ?? '') as { from?: unknown; match?: unknown };
    if (typeof parsed.from !== 'string' || typeof parsed.match !== 'object' || parsed.match === null) return null;
    const raw = parsed.match as Record<string, unknown>;
    const match: TokenMatch = {};
    for (const field of FIELDS) {
      if (!Object.hasOwn(raw, field)) continue;
      const value = raw[field];
      if (typeof value !== 'string') return null;
      match[field] = value;
    }
    return { from: parsed.from, match };
  } catch {
    return null;
  }
}

/**
 * Tells every listening server to forget `match` (PostgreSQL's NOTIFY, through the pool). A
 * failure is logged, never thrown: the servers then refuse the tokens when their entries end (5 s).
 */
export async function announceForgottenTokens(match: TokenMatch): Promise<void> {
  const payload = JSON.stringify({ from: INSTANCE, match } satisfies Message);
  await db()
    .$executeRawUnsafe('SELECT pg_notify($1, $2)', CHANNEL, payload)
    .catch((error: unknown) =>
      console.warn(`[auth] could not announce a revocation to other instances (they refuse it within 5 s all the same): ${error instanceof Error ? error.message : 'error'}`),
    );
}

/** Ends the listening connection (the drain closes it with the database: lib/server/drain.ts). */
let stopListening: (() => Promise<void>) | undefined;

/**
 * Starts listening on `url` (a connection of its own, outside the pool) and announcing this
 * process's forgets (a NOTIFY through the pool). Resolves once the first LISTEN is in place, so
 * the server answers no request before it hears revocations.
 */
export async function listenForForgottenTokens(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  let client: Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const onNotification = (message: Notification) => {
    const parsed = matchOf(message.payload);
    if (parsed && parsed.from !== INSTANCE) forgetTokens(parsed.match, false);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (stopped) return;
      forgetTokens({}, false); // announcements may have been missed meanwhile
      console.warn('[auth] lost the connection that hears revocations from other instances; reconnecting (until then cached tokens live at most 5 s)');
      retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', onNotification);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      lost();
      throw error;
    }
    forgetTokens({}, false); // whatever was cached before this connection heard anything
  };

  try {
    await connect();
  } catch (error) {
    stopped = true;
    clearTimeout(retry);
    throw error;
  }
  setTokenAnnouncer((match) => void announceForgottenTokens(match));
  stopListening = async () => {
    stopped = true;
    clearTimeout(retry);
    setTokenAnnouncer(undefined);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}

/** Stops hearing and announcing revocations (nothing when not listening). */
export async function stopListeningForForgottenTokens(): Promise<void> {
  const stop = stopListening;
  stopListening = undefined;
  await stop?.();
}
