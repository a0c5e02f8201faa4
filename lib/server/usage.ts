// Where used: what references a resource (squads using an agent; agents using a tool, knowledge
// base or AI model), for GET /api/{kind}/{id}/usage and for the 409 of a delete that would break a
// reference. One statement per answer whatever the number of dependents (no per-row queries, and
// no list of ids bound), confined to the caller's company.
import { ApiError, notFound, type DependentRef } from '../errors';
import { kind as registryKind, kindOfRef } from '../kinds';
import { db, type Tx } from './db';
import { Prisma } from './prisma-values';
import { isLimited, sectorFilter, visibleRow, type Scope } from './store';
import type { Usage, UsageItem, UsageKind, UsageVia } from '../schemas/usage';

export type { Usage, UsageItem, UsageKind };

/** How many dependents a 409 lists in `dependents`, and how many names its message spells out. */
export const MAX_LISTED_DEPENDENTS = 50;
const MAX_NAMED_DEPENDENTS = 5;

const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Whether the scope sees resource `id` (decision 076: a hidden one is as missing as another company's). */
async function exists(tx: Tx, kind: UsageKind, scope: Scope, id: string): Promise<boolean> {
  const table = Prisma.raw(`"${registryKind(kind).table}"`);
  const rows = await tx.$queryRaw<unknown[]>(Prisma.sql`SELECT 1 FROM ${table} a WHERE a."id" = ${id} AND a."companyId" = ${scope.companyId}${sectorFilter(scope, 'a."sectors"')}`);
  return rows.length > 0;
}

type SquadUseRow = { id: string; name: string; via: UsageVia; taskId: string | null; taskName: string | null; position: unknown; sectors: unknown };

/** The squads using an agent, as a task's agent, planning agent or supervisor: one statement. */
async function squadsUsingAgent(tx: Tx, companyId: string, agentId: string): Promise<(UsageItem & { sectors: unknown })[]> {
  const rows = await tx.$queryRaw<SquadUseRow[]>(Prisma.sql`
    SELECT s."id" AS "id", s."name" AS "name", 'task' AS "via", t."taskId" AS "taskId", t."name" AS "taskName", t."position" AS "position", s."sectors" AS "sectors"
      FROM "Squad" s JOIN "SquadTask" t ON t."squadId" = s."id"
      WHERE s."companyId" = ${companyId} AND t."agentId" = ${agentId}
    UNION ALL
    SELECT s."id", s."name", 'planningAgent', NULL, NULL, NULL, s."sectors" FROM "Squad" s WHERE s."companyId" = ${companyId} AND s."planningAgentId" = ${agentId}
    UNION ALL
    SELECT s."id", s."name", 'supervisor', NULL, NULL, NULL, s."sectors" FROM "Squad" s WHERE s."companyId" = ${companyId} AND s."supervisorId" = ${agentId}`);
  type Task = { id: string; name: string; position: number };
  const squads = new Map<string, DependentRef & { via: UsageVia[]; tasks: Task[]; sectors: unknown }>();
  for (const row of rows) {
    let squad = squads.get(row.id);
    if (!squad) squads.set(row.id, (squad = { kind: 'squad', id: row.id, name: row.name, via: [], tasks: [], sectors: jsonColumn(row.sectors) }));
    if (!squad.via.includes(row.via)) squad.via.push(row.via);
    if (row.via === 'task' && row.taskId !== null) squad.tasks.push({ id: row.taskId, name: row.taskName ?? '', position: Number(row.position) });
  }
  const order: UsageVia[] = ['task', 'planningAgent', 'supervisor'];
  return [...squads.values()].sort(byNameThenId).map((squad) => ({
    ...squad,
    via: order.filter((v) => squad.via.includes(v)),
    tasks: squad.tasks.sort((a, b) => a.position - b.position).map(({ id, name }) => ({ id, name })),
  }));
}

/** A JSON column as a raw read answers it: text on SQLite, parsed on PostgreSQL. */
const jsonColumn = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** Everything that uses resource `id` of `kind` (which must exist), sorted by name, each with its sectors (decision 076). */
async function dependentsOf(tx: Tx, kind: UsageKind, companyId: string, id: string): Promise<(UsageItem & { sectors: unknown })[]> {
  const select = { id: true, name: true, sectors: true } as const;
  let agents: { id: string; name: string; sectors: unknown }[];
  switch (kind) {
    case 'squads':
      return [];
    case 'agents':
      return squadsUsingAgent(tx, companyId, id);
    case 'tools':
      agents = await tx.agent.findMany({ where: { companyId, tools: { some: { toolId: id } } }, select });
      break;
    case 'knowledge-bases':
      agents = await tx.agent.findMany({ where: { companyId, knowledgeBases: { some: { knowledgeBaseId: id } } }, select });
      break;
    case 'ai-models':
      agents = await tx.agent.findMany({ where: { companyId, modelId: id }, select });
      break;
  }
  return agents.sort(byNameThenId).map((a) => ({ kind: 'agent', id: a.id, name: a.name, sectors: a.sectors }));
}

/** The dependents as answered: without their sectors. */
const asItems = (dependents: (UsageItem & { sectors: unknown })[]): UsageItem[] => dependents.map(({ sectors: _sectors, ...item }) => item);

/** GET /api/{kind}/{id}/usage: 404 for an id the scope does not see; a limited caller's leaves out the dependents it does not see (decision 076). */
export async function resourceUsage(scope: Scope, kind: UsageKind, id: string): Promise<Usage> {
  const tx = db();
  if (!(await exists(tx, kind, scope, id))) throw notFound(registryKind(kind).title);
  const items = asItems((await dependentsOf(tx, kind, scope.companyId, id)).filter((d) => visibleRow(scope, d)));
  return { items, total: items.length };
}

/**
 * The 409 of a delete refused because something uses the resource: the message names the first
 * few dependents ("… and 12 more"), `dependents` lists the first MAX_LISTED_DEPENDENTS.
 */
export function inUse(kind: UsageKind, dependents: UsageItem[], hidden = 0): ApiError {
  const by = registryKind(kind).usedBy;
  const noun = by ? kindOfRef(by).singular : 'resource';
  const total = dependents.length + hidden;
  const names = dependents.slice(0, MAX_NAMED_DEPENDENTS).map((d) => `"${d.name}"`);
  const more = dependents.length - names.length;
  const parts = [...names, ...(more > 0 ? [`${more} more`] : []), ...(hidden > 0 ? [`${hidden} outside your sectors`] : [])];
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts.join('');
  const error = new ApiError(
    'conflict',
    `${registryKind(kind).title} is used by ${total} ${noun}${total === 1 ? '' : 's'}: ${list}; remove it from ${total === 1 ? 'that' : 'those'} first`,
  );
  error.dependents = dependents.slice(0, MAX_LISTED_DEPENDENTS).map(({ kind: k, id, name }) => ({ kind: k, id, name }));
  return error;
}

/**
 * In a delete's transaction: throws the 409 naming the dependents when anything uses the
 * resource; those a limited caller does not see are counted, never named (decision 076).
 */
export async function assertUnused(tx: Tx, kind: UsageKind, scope: Scope, id: string): Promise<void> {
  const dependents = await dependentsOf(tx, kind, scope.companyId, id);
  if (!dependents.length) return;
  const shown = isLimited(scope) ? dependents.filter((d) => visibleRow(scope, d)) : dependents;
  throw inUse(kind, asItems(shown), dependents.length - shown.length);
}
