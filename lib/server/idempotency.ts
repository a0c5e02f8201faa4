// Idempotency-Key on creations (issue 23, decision 051; the IETF "Idempotency-Key HTTP header"
// draft): a POST that carries the header is done once per key. A retry with the same key and the
// same request within 24 hours answers the first answer again (same status and body, plus
// `Idempotent-Replayed: true`) and creates nothing; the same key with another request is a 422; a
// retry while the first is still running is a 409. Keys are scoped per company and credential
// (the API key or the person). Only successful answers are kept: after a refusal or a failure the
// key is free again, so a corrected request may reuse it.
import { JSON_HEADERS } from '../api/envelope';
import { ApiError } from '../errors';
import type { RouteContext } from '../api/route';
import { sha256 } from './crypto';
import { db } from './db';
import { prismaErrorCode } from './prisma-errors';

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim older than this whose answer was never stored belongs to a request that died (transactions time out long before). */
const ABANDONED_CLAIM_MS = 2 * 60 * 1000;

const HEADER = 'idempotency-key';
const KEY_SYNTAX = /^[\x21-\x7e]{1,255}$/;

/** The key of a request, or undefined without the header; a malformed one is a 400. */
function keyOf(req: Request): string | undefined {
  const value = req.headers.get(HEADER);
  if (value === null) return undefined;
  const key = value.trim().replace(/^"(.*)"$/, '$1');
  if (!KEY_SYNTAX.test(key)) {
    throw new ApiError('validation', 'Idempotency-Key must be 1 to 255 visible ASCII characters', [{ path: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]);
  }
  return key;
}

type Scope = { companyId: string; credential: string; key: string };

const scoped = (scope: Scope) => ({ companyId_credential_key: scope });

/** Claims the key for this request: true when it is ours (a new row), false when a row already holds it. */
async function claim(scope: Scope, fingerprint: string): Promise<boolean> {
  const now = Date.now();
  try {
    await db().idempotencyKey.create({ data: { ...scope, fingerprint, createdAt: new Date(now), expiresAt: new Date(now + IDEMPOTENCY_TTL_MS) }, select: { key: true } });
    return true;
  } catch (error) {
    if (prismaErrorCode(error) === 'P2002') return false;
    throw error;
  }
}

/** Frees the key of a request that did not succeed. */
async function release(scope: Scope): Promise<void> {
  await db().idempotencyKey.deleteMany({ where: { ...scope, status: null } });
}

/**
 * Runs the creation `run` once per Idempotency-Key (see the header of this file). Without the
 * header, `run` runs as always. The request's identity is its method, path and JSON body.
 */
export async function idempotent(ctx: Pick<RouteContext<unknown>, 'req' | 'actor' | 'json' | 'url'>, run: () => Promise<Response>): Promise<Response> {
  const key = keyOf(ctx.req);
  if (key === undefined) return run();
  let body: unknown;
  try {
    body = await ctx.json();
  } catch {
    return run(); // the same 415/413/400 as without the key; nothing to keep
  }
  const scope: Scope = { companyId: ctx.actor.companyId, credential: `${ctx.actor.kind}:${ctx.actor.id}`, key };
  const fingerprint = sha256(`${ctx.req.method} ${ctx.url.pathname}\n${JSON.stringify(body ?? null)}`);
  for (let attempt = 0; !(await claim(scope, fingerprint)); attempt++) {
    const row = await db().idempotencyKey.findUnique({ where: scoped(scope) });
    if (!row) continue; // released meanwhile: claim again
    const abandoned = row.status === null && Date.now() - row.createdAt.getTime() > ABANDONED_CLAIM_MS;
    if ((row.expiresAt.getTime() <= Date.now() || abandoned) && attempt < 3) {
      await db().idempotencyKey.deleteMany({ where: { ...scope, createdAt: row.createdAt } });
      continue;
    }
    if (row.fingerprint !== fingerprint) {
      throw new ApiError('unprocessable', 'Idempotency-Key was already used for a different request: send a new key with a new request');
    }
    if (row.status === null) throw new ApiError('conflict', 'A request with this Idempotency-Key is still being processed; retry it in a moment');
    return new Response(row.body, { status: row.status, headers: { ...JSON_HEADERS, 'idempotent-replayed': 'true' } });
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await release(scope);
    throw error;
  }
  if (response.status < 200 || response.status >= 300) {
    await release(scope);
    return response;
  }
  await db().idempotencyKey.update({ where: scoped(scope), data: { status: response.status, body: await response.clone().text() } });
  return response;
}

/** Deletes the keys past their 24 hours (run at start and every hour by server.ts, outside requests). Answers how many. */
export async function removeExpiredIdempotencyKeys(now = new Date()): Promise<number> {
  return (await db().idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
