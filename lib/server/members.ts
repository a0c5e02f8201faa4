// Members of a company (D11): the list, a change of role or sectors, removal, and a person's own
// profile. The rules of who may manage whom live here once (assertMayManage), for members,
// invitations and reset links alike:
// - only an owner touches an owner or grants owner (an admin grants up to admin);
// - a sector-limited manager acts only on people whose sectors are all within its own, and grants
//   only sectors within its own (so it cannot widen its own either): else 403 naming the sector;
// - a company never loses its last owner (409), judged under a lock of the company's row.
// Changing a member's role or sectors, or removing it, retires its tokens: its next request is a
// 401 and it signs in again with what it now may do.
import { ApiError, notFound } from '../errors';
import { atLeast, sectorOutside, type Role } from '../kinds/access';
import type { MemberRecord, MemberUpdateInput, ProfileUpdateInput } from '../schemas/members';
import type { SessionRecord } from '../schemas/auth';
import { activityActorOf, COMMAND_LINE, recordActivity, type ActivityActor } from './activity';
import { roleOf, stringArray, type Actor } from './actor';
import { forgetTokens } from './auth/token-cache';
import { retireTokens } from './auth/tokens';
import { db, transaction, type Tx } from './db';
import { sessionOf } from './users';

/** Who manages members and invitations: a caller (person or key), or the command line (every right). */
export type Manager = { companyId: string; role: Role; sectors: string[]; actor: ActivityActor };

export const managerOf = (actor: Actor): Manager => ({ companyId: actor.companyId, role: actor.role, sectors: actor.sectors, actor: activityActorOf(actor) });

export const commandLine = (companyId: string): Manager => ({ companyId, role: 'owner', sectors: [], actor: COMMAND_LINE });

/** A person's role and sectors (a member, an invitation, or what either is to become). */
type Grant = { role: Role; sectors: readonly string[] };

/** 403 unless `manager` may act on a person holding `grant` (see the file's head). */
export function assertMayManage(manager: Manager, ...grants: Grant[]): void {
  for (const grant of grants) {
    if (grant.role === 'owner' && manager.role !== 'owner') throw new ApiError('forbidden', 'Only an owner can invite, promote, change or remove an owner: this needs the owner role');
    if (!atLeast(manager.role, grant.role)) throw new ApiError('forbidden', `Granting ${grant.role} needs the ${grant.role} role`);
    const outside = sectorOutside(manager.sectors, grant.sectors);
    if (outside === '') throw new ApiError('forbidden', `You are limited to the sectors ${manager.sectors.join(', ')}: a member of the whole company (no sectors) is outside them`);
    if (outside !== null) throw new ApiError('forbidden', `You are limited to the sectors ${manager.sectors.join(', ')}: sector "${outside}" is outside them`);
  }
}

const MEMBER_FIELDS = { id: true, name: true, email: true, role: true, sectors: true, lastSignInAt: true } as const;

type MemberRow = { id: string; name: string; email: string; role: string; sectors: unknown; lastSignInAt: Date | null };

export const toMember = (row: MemberRow): MemberRecord => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: roleOf(row.role),
  sectors: stringArray(row.sectors),
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
});

/** Sectors as stored: each once, in the order given. */
export const uniqueSectors = (sectors: readonly string[] | undefined): string[] => [...new Set(sectors ?? [])];

export async function listMembers(companyId: string): Promise<MemberRecord[]> {
  const rows = await db().user.findMany({ where: { companyId }, select: MEMBER_FIELDS, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map(toMember);
}

/**
 * Locks the company's row until the transaction ends (PostgreSQL: the row lock; SQLite: the
 * database's write lock, taken by this first write), so two changes to its owners are judged one
 * after the other and neither can remove the last owner the other counted on.
 */
async function lockCompany(tx: Tx, companyId: string): Promise<void> {
  await tx.$executeRaw`UPDATE "Company" SET "name" = "name" WHERE "id" = ${companyId}`;
}

async function assertOwnerRemains(tx: Tx, companyId: string): Promise<void> {
  if ((await tx.user.count({ where: { companyId, role: 'owner' } })) === 0) {
    throw new ApiError('conflict', 'A company keeps at least one owner: make another member owner first');
  }
}

/** The member `id` of the manager's company (another company's: 404, D2). */
export async function memberOf(tx: Tx, companyId: string, id: string): Promise<MemberRecord> {
  const row = await tx.user.findFirst({ where: { id, companyId }, select: MEMBER_FIELDS });
  if (!row) throw notFound('Member');
  return toMember(row);
}

const sameSectors = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s) => b.includes(s));

/** PUT /members/{id}: a new role and/or sectors. A change retires the member's tokens; no change changes nothing. */
export async function updateMember(manager: Manager, id: string, input: MemberUpdateInput): Promise<MemberRecord> {
  const outcome = await transaction(async (tx) => {
    await lockCompany(tx, manager.companyId);
    const before = await memberOf(tx, manager.companyId, id);
    const next = { role: input.role ?? before.role, sectors: input.sectors ? uniqueSectors(input.sectors) : before.sectors };
    assertMayManage(manager, before, next);
    if (next.role === before.role && sameSectors(next.sectors, before.sectors)) return { member: before, changed: false };
    const row = await tx.user.update({ where: { id }, data: { role: next.role, sectors: next.sectors }, select: MEMBER_FIELDS });
    await assertOwnerRemains(tx, manager.companyId);
    await retireTokens(tx, { userId: id });
    await recordActivity(tx, { companyId: manager.companyId, actor: manager.actor, action: 'member-changed', resourceId: id, resourceName: row.name, sectors: next.sectors });
    return { member: toMember(row), changed: true };
  });
  if (outcome.changed) forgetTokens({ userId: id }); // committed: see lib/server/auth/token-cache.ts
  return outcome.member;
}

/** DELETE /members/{id}: removes the person (and its tokens and pending reset links); answers the member as it was. */
export async function removeMember(manager: Manager, id: string): Promise<MemberRecord> {
  const member = await transaction(async (tx) => {
    await lockCompany(tx, manager.companyId);
    const before = await memberOf(tx, manager.companyId, id);
    assertMayManage(manager, before);
    await retireTokens(tx, { userId: id });
    await tx.invitation.updateMany({ where: { userId: id, usedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
    await tx.user.delete({ where: { id } });
    await assertOwnerRemains(tx, manager.companyId);
    await recordActivity(tx, { companyId: manager.companyId, actor: manager.actor, action: 'member-removed', resourceId: id, resourceName: before.name, sectors: before.sectors });
    return before;
  });
  forgetTokens({ userId: id });
  return member;
}

/** PUT /session/profile: a signed-in person's own name and email (an email taken by anyone else: 409); no change writes nothing. */
export async function updateProfile(actor: Actor, input: ProfileUpdateInput): Promise<SessionRecord> {
  if (actor.kind !== 'user' || !actor.userId) throw new ApiError('forbidden', 'Only a signed-in person has a profile; an API key cannot change one');
  const userId = actor.userId;
  const user = await transaction(async (tx) => {
    if (input.email !== undefined) {
      const holder = await tx.user.findUnique({ where: { email: input.email }, select: { id: true } });
      if (holder && holder.id !== userId) throw new ApiError('conflict', 'That email belongs to another member');
    }
    const fields = { id: true, name: true, email: true, role: true, sectors: true, company: { select: { id: true, name: true } } } as const;
    const current = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: fields });
    if ((input.name ?? current.name) === current.name && (input.email ?? current.email) === current.email) return current;
    const row = await tx.user.update({ where: { id: userId }, data: { name: input.name, email: input.email }, select: fields });
    await recordActivity(tx, { companyId: actor.companyId, actor: { kind: 'user', id: row.id, name: row.name }, action: 'member-changed', resourceId: row.id, resourceName: row.name, sectors: stringArray(row.sectors) });
    return row;
  });
  // The cached actor carries the name that history records write: forget it.
  forgetTokens({ userId });
  return sessionOf(user);
}
