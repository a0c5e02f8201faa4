// Where used: what references a resource (squads using an agent; agents using a tool, knowledge
// base or AI model), for GET /api/{kind}/{id}/usage. What uses each kind is its store's
// `dependents`, read through the registry's server half (lib/server/kinds); the 409 of a delete
// that would break a reference is ./dependents' `assertUnused`.
import { notFound } from '../errors';
import { kind as registryKind } from '../kinds';
import { db, type Tx } from './db';
import { Prisma } from './prisma-values';
import { sectorFilter, visibleRow, type Scope } from './store';
import { asItems } from './dependents';
import { KIND_STORES } from './kinds';
import type { Usage, UsageKind } from '../schemas/usage';

export type { Usage, UsageKind };

/** Whether the scope sees resource `id` (decision 076: a hidden one is as missing as another company's). */
async function exists(tx: Tx, kind: UsageKind, scope: Scope, id: string): Promise<boolean> {
  const table = Prisma.raw(`"${registryKind(kind).table}"`);
  const rows = await tx.$queryRaw<unknown[]>(Prisma.sql`SELECT 1 FROM ${table} a WHERE a."id" = ${id} AND a."companyId" = ${scope.companyId}${sectorFilter(scope, 'a."sectors"')}`);
  return rows.length > 0;
}

/** GET /api/{kind}/{id}/usage: 404 for an id the scope does not see; a limited caller's leaves out the dependents it does not see (decision 076). */
export async function resourceUsage(scope: Scope, kind: UsageKind, id: string): Promise<Usage> {
  const tx = db();
  if (!(await exists(tx, kind, scope, id))) throw notFound(registryKind(kind).title);
  const items = asItems((await KIND_STORES[kind].dependents(tx, scope.companyId, id)).filter((d) => visibleRow(scope, d)));
  return { items, total: items.length };
}
