// Companies and their API keys (D3). Keys are shown once, at creation, and stored as hashes.
import { notFound } from '../errors';
import type { ApiKeyRecord } from '../schemas/auth';
import type { CompanyRecord, CompanyUpdateInput } from '../schemas/company';
import { COMMAND_LINE, recordActivity, type ActivityActor } from './activity';
import { rethrowPrismaError } from './prisma-errors';
import { sha256 } from './crypto';
import { db, loadDatabase, transaction, type Tx } from './db';
import { forgetTokens } from './auth/token-cache';
import { newApiKeySecret, retireTokens } from './auth/tokens';

export type CreatedApiKey = ApiKeyRecord & { apiKey: string };

function toRecord(row: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function insertApiKey(tx: Tx, companyId: string, name: string): Promise<CreatedApiKey> {
  const apiKey = newApiKeySecret();
  const row = await tx.apiKey.create({ data: { companyId, name, prefix: apiKey.slice(0, 10), hash: sha256(apiKey) } });
  return { ...toRecord(row), apiKey };
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

export function createApiKey(companyId: string, name: string, by: ActivityActor = COMMAND_LINE): Promise<CreatedApiKey> {
  return transaction(async (tx) => {
    const key = await insertApiKey(tx, companyId, name);
    await recordActivity(tx, { companyId, actor: by, action: 'api-key-created', resourceId: key.id, resourceName: key.name });
    return key;
  });
}

export async function listApiKeys(companyId: string): Promise<ApiKeyRecord[]> {
  const rows = await db().apiKey.findMany({ where: { companyId }, orderBy: { createdAt: 'desc' } });
  return rows.map(toRecord);
}

/** Revokes a key and every token issued for it. */
export async function revokeApiKey(companyId: string, id: string, by: ActivityActor = COMMAND_LINE): Promise<ApiKeyRecord> {
  const record = await transaction(async (tx) => {
    const row = await tx.apiKey.findFirst({ where: { id, companyId } });
    if (!row) throw notFound('API key');
    const updated = row.revokedAt ? row : await tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    await retireTokens(tx, { apiKeyId: id });
    if (!row.revokedAt) await recordActivity(tx, { companyId, actor: by, action: 'api-key-revoked', resourceId: id, resourceName: row.name });
    return toRecord(updated);
  });
  forgetTokens({ apiKeyId: id }); // committed: no lookup can cache the key's tokens as live any more
  return record;
}
