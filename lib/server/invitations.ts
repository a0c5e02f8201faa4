// Invitations and password-reset links (D11): one table (Invitation), `kind` "invite" or "reset".
// A link holds a single-use secret, valid 72 hours, stored only as its SHA-256 hash and shown once
// (in the answer that makes it, or the command line's output). Using a link claims it with one
// conditional update, so of two uses at once exactly one succeeds; a used, revoked or expired
// link is a 400 that creates nothing. Issuing and using links are activity events (D12).
import { ApiError, invalidField, notFound } from '../errors';
import { roleOf, stringArray } from './actor';
import type { CreatedInvitationRecord, InvitationAcceptInput, InvitationCreateInput, InvitationRecord, PasswordResetInput, ResetLinkRecord } from '../schemas/invitations';
import { recordActivity } from './activity';
import { forgetTokens } from './auth/token-cache';
import { retireTokens } from './auth/tokens';
import { LINK_TTL_SECONDS, publicOrigin } from './config';
import { hashPassword, randomToken, sha256 } from './crypto';
import { db, transaction, type Tx } from './db';
import { sendLink } from './mail';
import { assertMayManage, memberOf, uniqueSectors, type Manager } from './members';
import { startSession, userActor, type SignedIn } from './users';

type LinkKind = 'invite' | 'reset';

/** The console's page for each kind of link (app/accept, app/reset-password). */
const PAGES: Record<LinkKind, string> = { invite: '/accept', reset: '/reset-password' };

type Link = { secret: string; hash: string; expiresAt: Date };

function newLink(): Link {
  const secret = randomToken(32);
  return { secret, hash: sha256(secret), expiresAt: new Date(Date.now() + LINK_TTL_SECONDS * 1000) };
}

/** The absolute link of a secret: on PUBLIC_URL, else `origin` (the request's). */
const linkUrl = (kind: LinkKind, secret: string, origin: string): string => `${publicOrigin(origin)}${PAGES[kind]}?token=${encodeURIComponent(secret)}`;

type InvitationRow = { id: string; email: string; role: string; sectors: unknown; expiresAt: Date; createdAt: Date };

const toInvitation = (row: InvitationRow): InvitationRecord => ({
  id: row.id,
  email: row.email,
  role: roleOf(row.role),
  sectors: stringArray(row.sectors),
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** Not yet used nor revoked (an expired one may still be resent or revoked). */
const OPEN = { usedAt: null, revokedAt: null } as const;

async function assertEmailFree(tx: Tx, email: string): Promise<void> {
  if (await tx.user.findUnique({ where: { email }, select: { id: true } })) throw new ApiError('conflict', `${email} is already a member (an email belongs to one member in the whole instance)`);
}

async function companyName(companyId: string): Promise<string> {
  return (await db().company.findUnique({ where: { id: companyId }, select: { name: true } }))?.name ?? '';
}

/** Mails the link when SMTP_URL is set (after the commit: a mail cannot be taken back). */
async function mailed(kind: LinkKind, to: string, url: string, companyId: string): Promise<boolean> {
  return sendLink({ kind, to, url, company: await companyName(companyId) });
}

/** POST /invitations (and the command line's `user invite`): a pending invitation and its link. */
export async function createInvitation(manager: Manager, input: InvitationCreateInput, origin: string): Promise<CreatedInvitationRecord> {
  const sectors = uniqueSectors(input.sectors);
  assertMayManage(manager, { role: input.role, sectors });
  const link = newLink();
  const row = await transaction(async (tx) => {
    await assertEmailFree(tx, input.email);
    // A new invitation of the same email to the same company replaces the pending one.
    await tx.invitation.updateMany({ where: { companyId: manager.companyId, kind: 'invite', email: input.email, ...OPEN }, data: { revokedAt: new Date() } });
    const created = await tx.invitation.create({
      data: { companyId: manager.companyId, kind: 'invite', email: input.email, role: input.role, sectors, hash: link.hash, expiresAt: link.expiresAt, createdById: manager.actor.id },
    });
    await recordActivity(tx, { companyId: manager.companyId, actor: manager.actor, action: 'member-invited', resourceId: created.id, resourceName: created.email, sectors });
    return created;
  });
  return answerWithLink(row, link, origin, manager.companyId);
}

async function answerWithLink(row: InvitationRow, link: Link, origin: string, companyId: string): Promise<CreatedInvitationRecord> {
  const { createdAt: _createdAt, ...invitation } = toInvitation(row);
  const url = linkUrl('invite', link.secret, origin);
  return { ...invitation, url, emailed: await mailed('invite', row.email, url, companyId) };
}

/** GET /invitations: pending (open, not expired) invitations the manager may act on, newest first. */
export async function listInvitations(manager: Manager): Promise<InvitationRecord[]> {
  const rows = await db().invitation.findMany({
    where: { companyId: manager.companyId, kind: 'invite', ...OPEN, expiresAt: { gt: new Date() } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return rows.map(toInvitation).filter((invitation) => {
    try {
      assertMayManage(manager, invitation);
      return true;
    } catch {
      return false;
    }
  });
}

/** An open invitation of the manager's company that it may act on; else 404 (403 for one outside its rights). */
async function openInvitation(tx: Tx, manager: Manager, id: string): Promise<InvitationRow> {
  const row = await tx.invitation.findFirst({ where: { id, companyId: manager.companyId, kind: 'invite', ...OPEN } });
  if (!row) throw notFound('Invitation');
  assertMayManage(manager, toInvitation(row));
  return row;
}

/** DELETE /invitations/{id}: its link stops working; answers the invitation. */
export async function revokeInvitation(manager: Manager, id: string): Promise<InvitationRecord> {
  return transaction(async (tx) => {
    const row = await openInvitation(tx, manager, id);
    const revoked = await tx.invitation.update({ where: { id }, data: { revokedAt: new Date() } });
    await recordActivity(tx, { companyId: manager.companyId, actor: manager.actor, action: 'invitation-revoked', resourceId: id, resourceName: row.email, sectors: stringArray(row.sectors) });
    return toInvitation(revoked);
  });
}

/** POST /invitations/{id}/resend: a new secret and 72 hours; the old link dies. */
export async function resendInvitation(manager: Manager, id: string, origin: string): Promise<CreatedInvitationRecord> {
  const link = newLink();
  const row = await transaction(async (tx) => {
    const open = await openInvitation(tx, manager, id);
    await assertEmailFree(tx, open.email);
    const updated = await tx.invitation.update({ where: { id }, data: { hash: link.hash, expiresAt: link.expiresAt } });
    await recordActivity(tx, { companyId: manager.companyId, actor: manager.actor, action: 'member-invited', resourceId: id, resourceName: open.email, sectors: stringArray(open.sectors) });
    return updated;
  });
  return answerWithLink(row, link, origin, manager.companyId);
}

/** POST /members/{id}/reset-password (and `user reset-password`): a single-use link for the member to set a new password. */
export async function issueResetLink(manager: Manager, memberId: string, origin: string): Promise<ResetLinkRecord> {
  const link = newLink();
  const member = await transaction(async (tx) => {
    const member = await memberOf(tx, manager.companyId, memberId);
    assertMayManage(manager, member);
    // One live reset link per member: a new one replaces the last.
    await tx.invitation.updateMany({ where: { kind: 'reset', userId: member.id, ...OPEN }, data: { revokedAt: new Date() } });
    await tx.invitation.create({
      data: { companyId: manager.companyId, kind: 'reset', email: member.email, role: member.role, sectors: member.sectors, userId: member.id, hash: link.hash, expiresAt: link.expiresAt, createdById: manager.actor.id },
    });
    await recordActivity(tx, { companyId: manager.companyId, actor: manager.actor, action: 'password-reset', resourceId: member.id, resourceName: member.name, sectors: member.sectors });
    return member;
  });
  const url = linkUrl('reset', link.secret, origin);
  return { url, expiresAt: link.expiresAt.toISOString(), emailed: await mailed('reset', member.email, url, manager.companyId) };
}

/** The 400 of a link that cannot be used (the routes answer it when a use below answers null). */
export const invalidLink = (kind: LinkKind) =>
  invalidField('token', `is not a valid ${kind === 'invite' ? 'invitation' : 'password reset'} link: it is unknown, used, revoked or expired`);

/** The open, unexpired link of `secret`, claimed (marked used) in `tx`; null when there is none. */
async function claimLink(tx: Tx, kind: LinkKind, secret: string) {
  const hash = sha256(secret);
  const now = new Date();
  const claimed = await tx.invitation.updateMany({ where: { hash, kind, ...OPEN, expiresAt: { gt: now } }, data: { usedAt: now } });
  return claimed.count === 1 ? tx.invitation.findUnique({ where: { hash } }) : null;
}

/** Whether `secret` names a usable link now (checked before the slow password hash; the claim decides). */
async function linkOpen(kind: LinkKind, secret: string): Promise<boolean> {
  const row = await db().invitation.findUnique({ where: { hash: sha256(secret) }, select: { kind: true, usedAt: true, revokedAt: true, expiresAt: true } });
  return !!row && row.kind === kind && !row.usedAt && !row.revokedAt && row.expiresAt.getTime() > Date.now();
}

/** POST /invitations/accept: creates the member the invitation names and signs it in; null for a link that cannot be used. */
export async function acceptInvitation(input: InvitationAcceptInput): Promise<SignedIn | null> {
  if (!(await linkOpen('invite', input.token))) return null;
  const passwordHash = await hashPassword(input.password);
  return transaction(async (tx) => {
    const invitation = await claimLink(tx, 'invite', input.token);
    if (!invitation) return null;
    await assertEmailFree(tx, invitation.email);
    const user = await tx.user.create({
      data: { companyId: invitation.companyId, name: input.name, email: invitation.email, passwordHash, role: invitation.role, sectors: stringArray(invitation.sectors) },
      include: { company: true },
    });
    const signedIn = await startSession(tx, user);
    await recordActivity(tx, { companyId: user.companyId, actor: userActor(user), action: 'member-joined', resourceId: user.id, resourceName: user.name, sectors: stringArray(invitation.sectors) });
    return signedIn;
  });
}

/** POST /session/reset-password: sets the member's password, ends all its sessions, and signs it in; null for a link that cannot be used. */
export async function resetPassword(input: PasswordResetInput): Promise<SignedIn | null> {
  if (!(await linkOpen('reset', input.token))) return null;
  const passwordHash = await hashPassword(input.password);
  const outcome = await transaction(async (tx) => {
    const link = await claimLink(tx, 'reset', input.token);
    const user = link?.userId ? await tx.user.findFirst({ where: { id: link.userId, companyId: link.companyId }, include: { company: true } }) : null;
    if (!user) return null;
    await retireTokens(tx, { userId: user.id });
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await recordActivity(tx, { companyId: user.companyId, actor: userActor(user), action: 'password-changed', resourceId: user.id, resourceName: user.name, sectors: stringArray(user.sectors) });
    return { userId: user.id, signedIn: await startSession(tx, user) };
  });
  if (!outcome) return null;
  forgetTokens({ userId: outcome.userId }); // committed: see lib/server/auth/token-cache.ts
  return outcome.signedIn;
}
