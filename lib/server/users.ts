// People who sign in to the console (D3): first-run setup, password sign-in, sign-out and
// "who am I". Passwords are stored with scrypt (lib/server/crypto.ts); tokens are the same
// access/refresh pairs as an API key's, tied to the user. Each sign-in, failed sign-in, sign-out
// and password change is an activity event (D12), written in the same transaction.
import { ApiError } from '../errors';
import type { PasswordChangeInput, SessionRecord, SetupInput, SignInInput } from '../schemas/auth';
import { roleOf, stringArray } from './actor';
import type { Actor, IssuedTokens } from './auth/tokens';
import { forgetTokens } from './auth/token-cache';
import { issueTokens, retireTokens } from './auth/tokens';
import { recordActivity } from './activity';
import { hashPassword, sha256, verifyPassword } from './crypto';
import { db, transaction, type Tx } from './db';

export type SignedIn = { session: SessionRecord; tokens: IssuedTokens };

type UserRow = { id: string; name: string; email: string; role: string; sectors: unknown; companyId: string; company: { id: string; name: string } };

/** A person's activity name and id (D12). */
export const userActor = (user: { id: string; name: string }) => ({ kind: 'user' as const, id: user.id, name: user.name });

/**
 * Signs a person in within `tx`: a new token family, and `lastSignInAt` (D11). Used by sign-in,
 * setup, accepting an invitation and a password reset, which all answer alike.
 */
export async function startSession(tx: Tx, user: UserRow): Promise<SignedIn> {
  const tokens = await issueTokens(tx, { companyId: user.companyId, userId: user.id });
  await tx.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  return { session: sessionOf(user), tokens };
}

export function sessionOf(user: Omit<UserRow, 'companyId'>): SessionRecord {
  return {
    user: { id: user.id, name: user.name, email: user.email },
    company: { id: user.company.id, name: user.company.name },
    actor: { kind: 'user', id: user.id, name: user.name },
    role: roleOf(user.role),
    sectors: stringArray(user.sectors),
  };
}

/** Compared against when the email is unknown, so that both failures take the same time. */
let decoyHash: Promise<string> | undefined;

/**
 * First run: creates the company and its first administrator and signs them in. 409 once any
 * company exists (the check and the creation share one transaction).
 */
export async function setupFirstCompany(input: SetupInput): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.password);
  return transaction(async (tx) => {
    if ((await tx.company.count()) > 0) throw new ApiError('conflict', 'The console is already set up; sign in instead');
    const company = await tx.company.create({ data: { name: input.company } });
    const user = await tx.user.create({
      data: { companyId: company.id, name: input.name, email: input.email, passwordHash, role: 'owner' },
      include: { company: true },
    });
    return startSession(tx, user);
  });
}

/** Email and password → a signed-in session; null for an unknown email or a wrong password alike. */
/**
 * A wrong password for a member's email is a `sign-in-failed` event of the member's company (the
 * actor named by the email as typed, id null); an unknown email belongs to no company and is not.
 */
export async function signInWithPassword(input: SignInInput): Promise<SignedIn | null> {
  const user = await db().user.findUnique({ where: { email: input.email }, include: { company: true } });
  if (!user) {
    await verifyPassword(input.password, await (decoyHash ??= hashPassword('decoy-password-never-matches')));
    return null;
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    await recordActivity(db(), { companyId: user.companyId, actor: { kind: 'user', id: null, name: input.email }, action: 'sign-in-failed' });
    return null;
  }
  return transaction(async (tx) => {
    const signedIn = await startSession(tx, user);
    await recordActivity(tx, { companyId: user.companyId, actor: userActor(user), action: 'signed-in' });
    return signedIn;
  });
}

/** Retires the given tokens (whichever of the pair the browser still holds). */
export async function signOut(tokens: { accessToken: string | null; refreshToken: string | null }): Promise<void> {
  const hashes = [tokens.accessToken, tokens.refreshToken].filter((t): t is string => !!t).map(sha256);
  if (!hashes.length) return;
  await transaction(async (tx) => {
    // A session still live (not one already ended) is a `signed-out` event of its person.
    const live = await tx.authToken.findFirst({
      where: { hash: { in: hashes }, retiredAt: null, userId: { not: null } },
      select: { companyId: true, user: { select: { id: true, name: true } } },
    });
    for (const hash of hashes) await retireTokens(tx, { hash });
    if (live?.user) await recordActivity(tx, { companyId: live.companyId, actor: userActor(live.user), action: 'signed-out' });
  });
  for (const hash of hashes) forgetTokens({ hash }); // committed: see lib/server/auth/token-cache.ts
}

/**
 * A signed-in person changes their password (decision 018): null when `currentPassword` is wrong
 * (nothing changes). Otherwise the new hash is stored and every other session of the person (each
 * token family but the one of `accessToken`, the request's own) is retired, in one transaction;
 * answers how many other sessions were ended.
 */
export async function changePassword(userId: string, accessToken: string, input: PasswordChangeInput): Promise<{ otherSessionsEnded: number } | null> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { id: true, name: true, companyId: true, passwordHash: true } });
  if (!user) throw new ApiError('unauthorized', 'Invalid access token');
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) return null;
  const passwordHash = await hashPassword(input.newPassword);
  const current = await db().authToken.findUnique({ where: { hash: sha256(accessToken) }, select: { familyId: true, userId: true } });
  if (!current || current.userId !== userId) throw new ApiError('unauthorized', 'Invalid access token');
  forgetTokens({ userId });
  const ended = await transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    const others = { userId, retiredAt: null, familyId: { not: current.familyId } };
    const families = await tx.authToken.findMany({ where: others, select: { familyId: true }, distinct: ['familyId'] });
    await tx.authToken.updateMany({ where: others, data: { retiredAt: new Date() } });
    await recordActivity(tx, { companyId: user.companyId, actor: userActor(user), action: 'password-changed' });
    return families.length;
  });
  forgetTokens({ userId }); // committed: see lib/server/auth/token-cache.ts
  return { otherSessionsEnded: ended };
}

/** Who is calling: the person (with their company), or an API key. */
export async function sessionFor(actor: Actor): Promise<SessionRecord> {
  const company = await db().company.findUnique({ where: { id: actor.companyId }, select: { id: true, name: true } });
  if (!company) throw new ApiError('unauthorized', 'Invalid access token');
  if (actor.kind === 'user') {
    const user = await db().user.findUnique({ where: { id: actor.id }, select: { id: true, name: true, email: true, role: true, sectors: true } });
    if (!user) throw new ApiError('unauthorized', 'Invalid access token');
    return sessionOf({ ...user, company });
  }
  return { user: null, company, actor: { kind: actor.kind, id: actor.id, name: actor.name }, role: actor.role, sectors: actor.sectors };
}
