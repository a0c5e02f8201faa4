// A bounded, short-lived in-memory cache of access-token hash → actor (decision 024), so that an
// authenticated request costs no database round trip for its credential.
//
// - An entry lives TOKEN_CACHE_TTL_MS (5 s) at most, and never past the token's own expiry.
// - Revocation in this process takes effect at once: retiring tokens (sign-out, API key
//   revocation, a refresh-token family retired on reuse) forgets the matching entries, once when
//   the retiring statement runs and again after its transaction commits. Every forget raises a
//   generation number; a lookup that started before a forget does not store what it read (it may
//   have read the row before the retirement committed).
// - Other instances: on PostgreSQL every forget made outside a transaction (so, after the commit)
//   is announced to them (./token-broadcast, LISTEN/NOTIFY, decision 044) and they forget the same
//   entries within milliseconds. Whatever that misses (a lost connection, a crash between commit
//   and announcement) still ends with the entry's TTL: revocation reaches every instance within 5 s.
// The cache is held on globalThis: Next's route bundles and the custom server share one.
import type { Actor } from '../actor';
import { insideTransaction } from '../sqlite-turns';

export const TOKEN_CACHE_TTL_MS = 5_000;
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;

export type CachedToken = { actor: Actor; familyId: string; apiKeyId: string | null; userId: string | null; tokenExpiresAt: number };
type Entry = CachedToken & { cachedUntil: number };
/** Tells the other instances what was forgotten (set by ./token-broadcast on PostgreSQL). */
type Announce = (match: TokenMatch) => void;
type State = { entries: Map<string, Entry>; generation: number; announce?: Announce };

const KEY = Symbol.for('agent-orchestration.token-cache');
const state: State = ((globalThis as unknown as Record<symbol, State | undefined>)[KEY] ??= { entries: new Map(), generation: 0 });

/** The cached actor of an access token's hash, or undefined (unknown, stale or expired). */
export function cachedActor(hash: string, now = Date.now()): Actor | undefined {
  const entry = state.entries.get(hash);
  if (!entry) return undefined;
  if (entry.cachedUntil <= now || entry.tokenExpiresAt <= now) {
    state.entries.delete(hash);
    return undefined;
  }
  return entry.actor;
}

/** The generation to pass to rememberActor: read it before querying the database. */
export const cacheGeneration = (): number => state.generation;

/** Stores a checked token, unless a forget happened since `generation` was read. */
export function rememberActor(hash: string, token: CachedToken, generation: number, now = Date.now()): void {
  if (generation !== state.generation) return;
  if (state.entries.size >= TOKEN_CACHE_MAX_ENTRIES) {
    // Oldest first (a Map keeps insertion order): drop the oldest tenth at once.
    let drop = Math.ceil(TOKEN_CACHE_MAX_ENTRIES / 10);
    for (const key of state.entries.keys()) {
      state.entries.delete(key);
      if (--drop === 0) break;
    }
  }
  state.entries.set(hash, { ...token, cachedUntil: now + TOKEN_CACHE_TTL_MS });
}

export type TokenMatch = { hash?: string; apiKeyId?: string; userId?: string; familyId?: string };

/** Sets (or, with undefined, removes) what announces this process's forgets to the other instances. */
export function setTokenAnnouncer(announce: Announce | undefined): void {
  state.announce = announce;
}

/**
 * Forgets every entry matching all the given fields (an empty match forgets everything). Called
 * outside a transaction (after its commit), the forget is announced to the other instances too,
 * unless `announce` is false (a forget they announced).
 */
export function forgetTokens(match: TokenMatch, announce = true): void {
  if (announce && state.announce && !insideTransaction.getStore()) state.announce(match);
  state.generation++;
  for (const [hash, entry] of state.entries) {
    if (
      (match.hash === undefined || match.hash === hash) &&
      (match.apiKeyId === undefined || match.apiKeyId === entry.apiKeyId) &&
      (match.userId === undefined || match.userId === entry.userId) &&
      (match.familyId === undefined || match.familyId === entry.familyId)
    ) {
      state.entries.delete(hash);
    }
  }
}
