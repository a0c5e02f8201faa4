// Issuing and checking credentials (D3): API keys, access tokens, rotating refresh tokens.
import { randomBytes, randomUUID } from 'node:crypto';
import { apiKeyFrom, base62Random, hasApiKeyShape, isApiKey } from '../../api-key-format';
import { ApiError } from '../../errors';
import type { TokensRecord } from '../../schemas/auth';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '../config';
import { randomToken, sha256 } from '../crypto';
import { db, transaction, type Tx } from '../db';
import { roleOf, stringArray, type Actor } from '../actor';
import { noteKeyUse, keyUseDue } from './key-use';
import { cacheGeneration, cachedActor, forgetTokens, rememberActor } from './token-cache';

export type { Actor };

/** The pair answered by the credential routes (one definition: lib/schemas/auth.ts `tokensRecord`). */
export type IssuedTokens = TokensRecord;

type Subject = { companyId: string; apiKeyId?: string; userId?: string };

/** A new API key's secret, in the format scanners recognise (lib/api-key-format.ts, decision 082). */
export const newApiKeySecret = (): string => apiKeyFrom(base62Random(randomBytes));

/**
 * Issues an access/refresh pair. A first pair (sign-in, setup, API-key exchange) starts a new
 * family; a rotation passes the family of the refresh token it replaces (decision 009).
 */
export async function issueTokens(tx: Tx, subject: Subject, familyId: string = randomUUID()): Promise<IssuedTokens> {
  const idToken = randomToken(32);
  const refreshToken = randomToken(32);
  const now = Date.now();
  const common = { companyId: subject.companyId, apiKeyId: subject.apiKeyId ?? null, userId: subject.userId ?? null, familyId };
  await tx.authToken.createMany({
    data: [
      { ...common, kind: 'access', hash: sha256(idToken), expiresAt: new Date(now + ACCESS_TOKEN_TTL_SECONDS * 1000) },
      { ...common, kind: 'refresh', hash: sha256(refreshToken), expiresAt: new Date(now + REFRESH_TOKEN_TTL_SECONDS * 1000) },
    ],
  });
  return { idToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, userId: subject.userId ?? null };
}

/**
 * Exchanges a company API key for tokens; null when the key is unknown, revoked or expired. A key
 * shaped like the current format (decision 082) whose checksum fails is refused without a query.
 * The key's last use is written with the new tokens, at most once a minute (./key-use.ts).
 */
export async function tokensForApiKey(key: string): Promise<IssuedTokens | null> {
  if (hasApiKeyShape(key) && !isApiKey(key)) return null;
  const apiKey = await db().apiKey.findUnique({ where: { hash: sha256(key) } });
  if (!apiKey || apiKey.revokedAt || (apiKey.expiresAt && apiKey.expiresAt.getTime() <= Date.now())) return null;
  const use = keyUseDue(apiKey.id);
  return transaction(async (tx) => {
    if (use) await tx.apiKey.update({ where: { id: apiKey.id }, data: use });
    return issueTokens(tx, { companyId: apiKey.companyId, apiKeyId: apiKey.id });
  });
}

/**
 * Retires a refresh token and issues a new pair of the same family; null when the token is
 * unknown, used, expired or revoked.
 *
 * Reuse detection (OAuth 2.0 Security BCP, decision 009): presenting a refresh token that is
 * already retired (rotated, signed out, revoked) retires every token of its family, so whoever
 * holds the tokens issued from it, thief or rightful client, must sign in or exchange the API key
 * again.
 *
 * Concurrency: the conditional update that retires the presented token is the one step two
 * parallel rotations of the same token race on. Exactly one claims it and gets a new pair; the
 * other finds it retired, which is reuse: it retires the family, the winner's new pair included.
 * PostgreSQL: the loser's update waits for the winner's row lock and, once the winner commits,
 * matches no row; its next statement sees the winner's new pair. SQLite: writers are serialized
 * (the adapter's lock in one process; the database's write lock across processes, taken by the
 * first statement, a write, so a waiting transaction never holds a stale snapshot).
 */
export async function rotateRefreshToken(refreshToken: string): Promise<IssuedTokens | null> {
  const hash = sha256(refreshToken);
  const outcome = await transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.authToken.updateMany({
      where: { hash, kind: 'refresh', retiredAt: null, expiresAt: { gt: now } },
      data: { retiredAt: now },
    });
    const token = await tx.authToken.findUnique({ where: { hash }, include: { apiKey: true } });
    if (!token || token.kind !== 'refresh') return null;
    if (claimed.count === 1) {
      if (token.apiKey?.revokedAt || (token.apiKey?.expiresAt && token.apiKey.expiresAt.getTime() <= Date.now())) return null;
      const subject = { companyId: token.companyId, apiKeyId: token.apiKeyId ?? undefined, userId: token.userId ?? undefined };
      return issueTokens(tx, subject, token.familyId);
    }
    if (!token.retiredAt) return null; // expired, never used: not a reuse
    forgetTokens({ familyId: token.familyId });
    const retired = await tx.authToken.updateMany({ where: { familyId: token.familyId, retiredAt: null }, data: { retiredAt: now } });
    return { reusedFamily: token.familyId, retired: retired.count };
  });
  if (outcome && 'reusedFamily' in outcome) {
    forgetTokens({ familyId: outcome.reusedFamily }); // again, now that the retirement committed
    console.warn(`[auth] a retired refresh token was presented again: token family ${outcome.reusedFamily} retired (${outcome.retired} live tokens)`);
    return null;
  }
  return outcome;
}

/**
 * Resolves an access token to its actor; throws 401 when missing, unknown, expired or revoked.
 * A token checked in the last few seconds is answered from ./token-cache without a query, and
 * synchronously (no promise: the route wrapper then awaits nothing for it).
 */
export function actorForAccessToken(token: string): Actor | Promise<Actor> {
  const hash = sha256(token);
  const cached = cachedActor(hash);
  if (!cached) return lookUpAccessToken(hash);
  if (cached.kind === 'apiKey') noteKeyUse(cached.id);
  return cached;
}

async function lookUpAccessToken(hash: string): Promise<Actor> {
  const generation = cacheGeneration();
  const row = await db().authToken.findUnique({
    where: { hash },
    select: {
      kind: true,
      retiredAt: true,
      expiresAt: true,
      companyId: true,
      familyId: true,
      apiKeyId: true,
      userId: true,
      apiKey: { select: { id: true, name: true, revokedAt: true, expiresAt: true, role: true, sectors: true } },
      user: { select: { id: true, name: true, role: true, sectors: true } },
    },
  });
  if (!row || row.kind !== 'access' || row.retiredAt || row.apiKey?.revokedAt) {
    throw new ApiError('unauthorized', 'Invalid or revoked access token');
  }
  if (row.expiresAt.getTime() <= Date.now()) throw new ApiError('unauthorized', 'Access token expired');
  // A token minted from a key dies with the key: revoked, or past its expiry (D11).
  const keyExpiresAt = row.apiKey?.expiresAt?.getTime() ?? Infinity;
  if (keyExpiresAt <= Date.now()) throw new ApiError('unauthorized', 'The API key of this token has expired');
  let actor: Actor;
  if (row.user) {
    const { id, name, role, sectors } = row.user;
    actor = { companyId: row.companyId, kind: 'user', id, name, userId: id, role: roleOf(role), sectors: stringArray(sectors) };
  } else if (row.apiKey) {
    const { id, name, role, sectors } = row.apiKey;
    actor = { companyId: row.companyId, kind: 'apiKey', id, name, userId: null, role: roleOf(role), sectors: stringArray(sectors) };
  } else throw new ApiError('unauthorized', 'Invalid access token');
  const tokenExpiresAt = Math.min(row.expiresAt.getTime(), keyExpiresAt);
  rememberActor(hash, { actor, familyId: row.familyId, apiKeyId: row.apiKeyId, userId: row.userId, tokenExpiresAt }, generation);
  if (actor.kind === 'apiKey') noteKeyUse(actor.id);
  return actor;
}

/**
 * Retires every token of a subject (sign-out of a person, revocation of a key) and forgets them
 * from this process's token cache. Callers forget them again once their transaction committed
 * (forgetTokens), so that no lookup in between can cache the row as it was before.
 */
export async function retireTokens(tx: Tx, where: { apiKeyId?: string; userId?: string; hash?: string }): Promise<void> {
  forgetTokens(where);
  await tx.authToken.updateMany({ where: { ...where, retiredAt: null }, data: { retiredAt: new Date() } });
  forgetTokens(where);
}
