// Companies and their API keys (D3, D11). Keys are shown once, at creation, and stored as hashes;
// a key carries a role (at most admin and its creator's), optional sectors and an optional expiry.
import { ApiError, notFound } from '../errors';
import { atLeast, sectorOutside, type Role } from '../kinds/access';
import type { ApiKeyCreateInput, ApiKeyList, ApiKeyRecord, RolledApiKeyRecord } from '../schemas/auth';
import type { CompanyRecord, CompanyUpdateInput } from '../schemas/company';
import { activityActorOf, COMMAND_LINE, recordActivity, type ActivityActor } from './activity';
import { roleOf, stringArray, type Actor } from './actor';
import { rethrowPrismaError } from './prisma-errors';
import { sha256 } from './crypto';
import { db, loadDatabase, transaction, type Tx } from './db';
import { forgetTokens } from './auth/token-cache';
import { newApiKeySecret, retireTokens } from './auth/tokens';
import type { Scope } from './store/scope';

export type CreatedApiKey = ApiKeyRecord & { apiKey: string };

type KeyRow = {
  id: string;
  name: string;
  prefix: string;
  role: string;
  sectors: unknown;
  expiresAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  lastUsedFrom: string | null;
  revokedAt: Date | null;
};

/** A stored key's role: never above admin (D11; keys made before roles are admin). */
function keyRole(value: unknown): ApiKeyRecord['role'] {
  const role = roleOf(value);
  return role === 'owner' ? 'admin' : role;
}

function toRecord(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: keyRole(row.role),
    sectors: stringArray(row.sectors),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedFrom: row.lastUsedFrom,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** What a key may do: without limits, it is admin over the whole company, forever (company:create, D11). */
type KeyLimits = { role: Role; sectors: string[]; expiresAt: Date | null; createdById: string | null };
const UNLIMITED: KeyLimits = { role: 'admin', sectors: [], expiresAt: null, createdById: null };

export async function insertApiKey(tx: Tx, companyId: string, name: string, limits: KeyLimits = UNLIMITED): Promise<CreatedApiKey> {
  const apiKey = newApiKeySecret();
  const row = await tx.apiKey.create({ data: { companyId, name, prefix: apiKey.slice(0, 10), hash: sha256(apiKey), ...limits } });
  return { ...toRecord(row), apiKey };
}

/** A new key and its `api-key-created` event (D12), in the caller's transaction. */
async function insertRecordedKey(tx: Tx, companyId: string, name: string, limits: KeyLimits, by: ActivityActor): Promise<CreatedApiKey> {
  const key = await insertApiKey(tx, companyId, name, limits);
  await recordActivity(tx, { companyId, actor: by, action: 'api-key-created', resourceId: key.id, resourceName: key.name });
  return key;
}

/**
 * 403 unless `actor` may make a key of this role and these sectors (D11): the role at most admin
 * and at most the actor's own; a sector-limited actor makes keys only within its sectors, never
 * one for the whole company.
 */
function assertKeyWithin(actor: Actor, role: Role, sectors: string[]): void {
  if (!atLeast('admin', role)) throw new ApiError('forbidden', `An API key's role is at most admin, not ${role}`);
  if (!atLeast(actor.role, role)) throw new ApiError('forbidden', `An API key's role is at most your own (${actor.role}), not ${role}`);
  const outside = sectorOutside(actor.sectors, sectors);
  if (outside === '') throw new ApiError('forbidden', `You are limited to sectors ${actor.sectors.join(', ')}: a key you make must be limited to some of them`);
  if (outside !== null) throw new ApiError('forbidden', `Sector "${outside}" is outside your sectors (${actor.sectors.join(', ')})`);
}

export async function createCompany(name: string, keyName = 'default'): Promise<{ id: string; name: string; apiKey: string; apiKeyId: string }> {
  await loadDatabase(); // also called from scripts and tests, before anything else loaded it
  return transaction(async (tx) => {
    const company = await tx.company.create({ data: { name } });
    const key = await insertApiKey(tx, company.id, keyName);
    return { id: company.id, name: company.name, apiKey: key.apiKey, apiKeyId: key.id };
  });
}

export async function companyExists(): Promise<boolean> {
  return (await loadDatabase()).company.count().then((n) => n > 0);
}

const toCompany = (row: { id: string; name: string; createdAt: Date }): CompanyRecord => ({ id: row.id, name: row.name, createdAt: row.createdAt.toISOString() });

export async function getCompany(id: string): Promise<CompanyRecord> {
  const company = await db().company.findUnique({ where: { id } });
  if (!company) throw notFound('Company');
  return toCompany(company);
}

/** PUT /company: a new name; answers the company as GET /company does. */
export async function renameCompany(id: string, input: CompanyUpdateInput): Promise<CompanyRecord> {
  return toCompany(await db().company.update({ where: { id }, data: { name: input.name } }).catch(rethrowPrismaError('Company')));
}

export async function listCompanies() {
  const rows = await db().company.findMany({ orderBy: { createdAt: 'asc' } });
  return rows.map(toCompany);
}

/** POST /api-keys: a key within the creator's role and sectors; its secret is answered this once. */
export function createApiKey(actor: Actor, input: ApiKeyCreateInput): Promise<CreatedApiKey> {
  const sectors = [...new Set(input.sectors ?? [])];
  assertKeyWithin(actor, input.role, sectors);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  const limits = { role: input.role, sectors, expiresAt, createdById: actor.userId };
  return transaction((tx) => insertRecordedKey(tx, actor.companyId, input.name, limits, activityActorOf(actor)));
}

/** The command line's key (`npm run apikey -- key:create`): admin over the whole company, no expiry (D11). */
export function createCompanyApiKey(companyId: string, name: string): Promise<CreatedApiKey> {
  return transaction((tx) => insertRecordedKey(tx, companyId, name, UNLIMITED, COMMAND_LINE));
}

/**
 * Whether a caller of `scope` sees and manages a key (decision 087): a whole-company caller every
 * key of its company; a sector-limited one only keys it could have made, limited to some of its
 * sectors and to none outside them (a key for the whole company or reaching another sector is
 * hidden: a 404 like another company's).
 */
const keyVisible = (scope: Scope, row: { sectors: unknown }): boolean => sectorOutside(scope.sectors, stringArray(row.sectors)) === null;

/** The key `id` of the scope's company that the scope sees, in `tx` (else 404). */
async function visibleKey(tx: Tx, scope: Scope, id: string) {
  const row = await tx.apiKey.findFirst({ where: { id, companyId: scope.companyId } });
  if (!row || !keyVisible(scope, row)) throw notFound('API key');
  return row;
}

/** GET /api-keys: the keys the scope sees, newest first (the command line: `{ companyId, sectors: [] }`, every key). */
export async function listApiKeys(scope: Scope): Promise<ApiKeyList> {
  const rows = await db().apiKey.findMany({ where: { companyId: scope.companyId }, orderBy: { createdAt: 'desc' } });
  return { items: rows.filter((row) => keyVisible(scope, row)).map(toRecord) };
}

/** Revokes a key the scope sees and every token issued for it. */
export async function revokeApiKey(scope: Scope, id: string, by: ActivityActor = COMMAND_LINE): Promise<ApiKeyRecord> {
  const { companyId } = scope;
  const record = await transaction(async (tx) => {
    const row = await visibleKey(tx, scope, id);
    const updated = row.revokedAt ? row : await tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    await retireTokens(tx, { apiKeyId: id });
    if (!row.revokedAt) await recordActivity(tx, { companyId, actor: by, action: 'api-key-revoked', resourceId: id, resourceName: row.name });
    return toRecord(updated);
  });
  forgetTokens({ apiKeyId: id }); // committed: no lookup can cache the key's tokens as live any more
  return record;
}

/**
 * POST /api-keys/{id}/roll (decision 084): a replacement with the same name, role, sectors and
 * expiry, and the old key ending after `graceSeconds` (0: revoked now, its tokens with it). The
 * claim on the old key is a conditional update, so two rolls of one key at once make one
 * replacement (the other is a 409). Both events are recorded in the same transaction.
 */
export async function rollApiKey(actor: Actor, id: string, graceSeconds: number): Promise<RolledApiKeyRecord> {
  const rolled = await transaction(async (tx) => {
    const old = await visibleKey(tx, actor, id);
    const role = keyRole(old.role);
    const sectors = stringArray(old.sectors);
    assertKeyWithin(actor, role, sectors);
    const now = new Date();
    const graceEnd = new Date(now.getTime() + graceSeconds * 1000);
    if (old.revokedAt || (old.expiresAt && old.expiresAt <= now)) throw new ApiError('conflict', 'This key no longer works (revoked or expired): create a new one instead');
    const ends = graceSeconds === 0 ? { revokedAt: now } : { expiresAt: old.expiresAt && old.expiresAt < graceEnd ? old.expiresAt : graceEnd };
    // Claimed only as read: a roll or revocation that committed meanwhile changed the row.
    const claimed = await tx.apiKey.updateMany({ where: { id, revokedAt: null, expiresAt: old.expiresAt }, data: ends });
    if (claimed.count !== 1) throw new ApiError('conflict', 'This key was rolled or revoked meanwhile: reload the list');
    if (graceSeconds === 0) await retireTokens(tx, { apiKeyId: id });
    const by = activityActorOf(actor);
    const replacement = await insertRecordedKey(tx, actor.companyId, old.name, { role, sectors, expiresAt: old.expiresAt, createdById: actor.userId }, by);
    await recordActivity(tx, { companyId: actor.companyId, actor: by, action: 'api-key-revoked', resourceId: old.id, resourceName: old.name });
    const replaced = await tx.apiKey.findUniqueOrThrow({ where: { id } });
    return { ...replacement, replaced: toRecord(replaced) };
  });
  forgetTokens({ apiKeyId: id }); // cached tokens of the old key take its new end at their next lookup
  return rolled;
}
