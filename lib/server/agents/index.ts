// Agents over Prisma: every query is confined to the caller's company; every change writes its
// history record in the same transaction. Reads load tools and knowledge bases as ../relations
// describes (no list of agent ids is ever bound), so lists work at any size.
import { notFound, type DependentRef } from '../../errors';
import type { Agent as AgentRow, Prisma } from '../../generated/sqlite/client';
import { agentRecord, type AgentHistoryRecord, type AgentInput, type AgentRecord } from '../../schemas/agent';
import { hasSector } from '../../schemas/common';
import type { UsageVia } from '../../schemas/usage';
import { responsibleOf } from '../actor';
import type { Actor } from '../auth/tokens';
import { db, transaction, type Tx } from '../db';
import { Prisma as Sql } from '../prisma-values';
import { assertReferences, type ReferenceCheck } from '../references';
import { assertUnused, byNameThenId, type Dependents } from '../dependents';
import { groupByParent } from '../relations';
import { newId } from '../ids';
import { assertChanged, lockResource, unlessUnchanged, type Versioned } from '../concurrency';
import { assertWritable, childIds, inTransaction, insertSql, insertStatements, jsonColumn, recordStore, visibleIds, writeChecked, type NewRow, type RowInsert, type Scope, type WriteCheck } from '../store';
import type { ListPage, PageRequest } from '../list-page';
import { recordVersion, versionRows, type RecordOptions, type VersionAction } from '../versions';

const LIST_ORDER: Prisma.AgentOrderByWithRelationInput[] = [{ createdAt: 'asc' }, { id: 'asc' }];

/**
 * The agents matching `where` (which names the company) in list order, with their tools and
 * knowledge bases: three queries whatever the number of agents.
 */
export async function findAgents(tx: Tx, where: Prisma.AgentWhereInput, sector?: string): Promise<AgentRecord[]> {
  const rows = (await tx.agent.findMany({ where, orderBy: LIST_ORDER })).filter((r) => hasSector(r, sector));
  if (!rows.length) return [];
  const toolsOf = groupByParent(
    await tx.agentTool.findMany({ where: { agent: where }, select: { agentId: true, toolId: true }, orderBy: { position: 'asc' } }),
    (link) => link.agentId,
  );
  const knowledgeBasesOf = groupByParent(
    await tx.agentKnowledgeBase.findMany({
      where: { agent: where },
      select: { agentId: true, knowledgeBaseId: true },
      orderBy: { position: 'asc' },
    }),
    (link) => link.agentId,
  );
  return rows.map((row) =>
    toRecord(
      row,
      toolsOf(row.id).map((link) => link.toolId),
      knowledgeBasesOf(row.id).map((link) => link.knowledgeBaseId),
    ),
  );
}

async function findAgent(tx: Tx, companyId: string, id: string): Promise<AgentRecord | undefined> {
  return (await findAgents(tx, { id, companyId }))[0];
}

function toRecord(row: AgentRow, tools: string[], knowledgeBases: string[]): AgentRecord {
  return AGENTS.fromRow({ ...row, tools, knowledgeBases });
}

function columns(input: AgentInput) {
  return {
    name: input.name,
    enabled: input.enabled,
    modelId: input.model,
    auto: input.auto,
    reasoning: input.reasoning,
    publisher: input.publisher,
    temperature: input.temperature,
    role: input.role,
    objective: input.objective,
    referencies: input.referencies,
    canDelegate: input['can.delegate'],
    canCode: input.can_code,
    multimodal: input.multimodal,
    sectors: input.sectors,
  };
}

function referencesOf(input: AgentInput): ReferenceCheck[] {
  return [
    { kind: 'aiModel', path: 'model', id: input.model },
    ...input.tools.map((id, i) => ({ kind: 'tool' as const, path: `tools.${i}`, id })),
    ...input.knowledgeBases.map((id, i) => ({ kind: 'knowledgeBase' as const, path: `knowledgeBases.${i}`, id })),
  ];
}

function checkReferences(tx: Tx, scope: Scope, input: AgentInput) {
  return assertReferences(inTransaction(tx), scope, referencesOf(input));
}

function links(input: AgentInput) {
  return {
    tools: { create: input.tools.map((toolId, position) => ({ toolId, position })) },
    knowledgeBases: { create: input.knowledgeBases.map((knowledgeBaseId, position) => ({ knowledgeBaseId, position })) },
  };
}

/** A change's history record, as a row to insert. */
function historyRow(actor: Actor, agentId: string, action: string, timestamp = new Date()): RowInsert {
  return { table: 'AgentHistory', row: { id: newId(), companyId: actor.companyId, agentId, action, ...responsibleOf(actor), timestamp } };
}

/** A change's history record: one plain INSERT, run in the change's transaction. */
function historyInsert(actor: Actor, agentId: string, action: string) {
  const { table, row } = historyRow(actor, agentId, action);
  return insertSql(table, [row]);
}

function writeHistory(tx: Tx, actor: Actor, agentId: string, action: string) {
  return tx.$executeRaw(historyInsert(actor, agentId, action));
}

/** The agent's state after a change, stored as its next version (decision 013). */
async function writeVersion(tx: Tx, actor: Actor, id: string, action: VersionAction, state?: AgentRecord, options?: RecordOptions) {
  return recordVersion(tx, actor, 'agents', id, action, state ?? (await findAgent(tx, actor.companyId, id))!, options);
}

/** The current states of agents `ids` (a bounded batch), for the first versions of lib/server/kinds/backfill. */
export async function statesForVersions(tx: Tx, ids: string[]): Promise<{ id: string; version: number; state: AgentRecord }[]> {
  return (await findAgents(tx, { id: { in: ids } })).map((agent) => ({ id: agent.id, version: 1, state: agent }));
}

/** The agent's record (AgentRecord) as the store reads it: its model's column, its links aggregated in position order (../store). */
const AGENTS = recordStore<AgentRecord>('Agent', agentRecord, {
  model: { column: 'modelId' },
  'can.delegate': { column: 'canDelegate' },
  can_code: { column: 'canCode' },
  tools: childIds('AgentTool', 'toolId', 'agentId'),
  knowledgeBases: childIds('AgentKnowledgeBase', 'knowledgeBaseId', 'agentId'),
});

/** GET /agents: the company's agents as the JSON text of the list, one statement at any size. */
export const listAgentsJson = (scope: Scope, sector?: string): Promise<string> => AGENTS.listJson(scope, sector);
/** One page of that list (D13, ../list-page). */
export const listAgentsPage = (scope: Scope, sector: string | undefined, page: PageRequest): Promise<ListPage> => AGENTS.listPage(scope, sector, page);


/**
 * The detail read (GET /agents/{id}): the agent as the JSON text of its record, written by the
 * database in one statement, as the list is (../store): no row object, no mapping and no
 * JSON.stringify in between (decision 025).
 */
export async function getAgentJson(scope: Scope, id: string): Promise<string> {
  const json = await AGENTS.detailJson(scope, id);
  if (json === undefined) throw notFound('Agent');
  return json;
}

/**
 * The rows that write a new agent (decisions 026, 095): its row, its links, its history record and
 * its first version, inserted as plain statements (Prisma's nested create cost about 1.5 ms of CPU
 * for what these do in a tenth of it). The version's state is the row as written, not read back.
 */
export function agentRows(actor: Actor, input: AgentInput, { id = newId(), now = new Date() }: NewRow = {}): { id: string; rows: RowInsert[] } {
  const row: AgentRow = { id, companyId: actor.companyId, ...columns(input), createdAt: now, updatedAt: now };
  return {
    id,
    rows: [
      { table: 'Agent', row, json: ['sectors'] },
      ...input.tools.map((toolId, position) => ({ table: 'AgentTool', row: { agentId: id, toolId, position } })),
      ...input.knowledgeBases.map((knowledgeBaseId, position) => ({ table: 'AgentKnowledgeBase', row: { agentId: id, knowledgeBaseId, position } })),
      historyRow(actor, id, 'created agent', now),
      ...versionRows(actor, 'agents', id, 1, 'created', toRecord(row, input.tools, input.knowledgeBases), now),
    ],
  };
}

/**
 * POST /agents (decision 026): the reference check and the statements, on the store's executor
 * (../store: directly on the database's connection, rather than through Prisma's query pipeline,
 * where it can; in `tx` when given).
 */
export function createAgent(actor: Actor, input: AgentInput, tx?: Tx): Promise<{ id: string }> {
  // The references (400), then the sectors a limited caller may write (403, decision 076).
  const check: WriteCheck = (exec) => {
    const checked = assertReferences(exec, actor, referencesOf(input));
    if (checked instanceof Promise) return checked.then(() => assertWritable(actor, input.sectors));
    assertWritable(actor, input.sectors);
  };
  return writeChecked(
    check,
    () => {
      const { id, rows } = agentRows(actor, input);
      return { result: { id }, statements: [...insertStatements(rows)] };
    },
    tx,
  );
}

/** Writes the agent's row and its links, after its lock (../concurrency): links tools first, then knowledge bases. */
async function writeAgent(tx: Tx, companyId: string, id: string, input: AgentInput, exists: boolean): Promise<void> {
  if (!exists) {
    await tx.agent.create({ data: { id, companyId, ...columns(input), ...links(input) }, select: { id: true } });
    return;
  }
  await tx.agentTool.deleteMany({ where: { agentId: id } });
  await tx.agentKnowledgeBase.deleteMany({ where: { agentId: id } });
  await tx.agent.update({ where: { id }, data: { ...columns(input), ...links(input) }, select: { id: true } });
}

/**
 * PUT /agents/{id}: full replace. `expected` is If-Match (stale → 409, nothing changed); a replace
 * that changes nothing writes nothing (no history record, no version) and answers the agent as is.
 */
export async function replaceAgent(actor: Actor, id: string, input: AgentInput, expected?: number[]): Promise<Versioned<AgentRecord>> {
  return unlessUnchanged(
    () =>
      transaction(async (tx) => {
        const { version } = await lockResource(tx, actor, 'agents', id, { expected, mustExist: true, sectors: input.sectors });
        await checkReferences(tx, actor, input);
        const before = (await findAgent(tx, actor.companyId, id))!;
        await writeAgent(tx, actor.companyId, id, input, true);
        const agent = (await findAgent(tx, actor.companyId, id))!;
        assertChanged(before, agent, version);
        await writeHistory(tx, actor, id, 'updated agent');
        return { value: agent, version: await writeVersion(tx, actor, id, 'updated', agent) };
      }),
    async () => (await findAgent(db(), actor.companyId, id)) ?? Promise.reject(notFound('Agent')),
  );
}

/**
 * Restore (decision 013): `input` (an old version's state, already parsed with the agent schema)
 * replaces the agent, or recreates it with the same id when it was deleted, through the same
 * reference checks as PUT; the history gets its usual record ("updated agent" / "created agent")
 * and the version list a `restored` version. `expected` is If-Match's version.
 */
export async function restoreAgent(actor: Actor, id: string, input: AgentInput, expected?: number[]): Promise<AgentRecord> {
  return transaction(async (tx) => {
    const { exists } = await lockResource(tx, actor, 'agents', id, { expected, sectors: input.sectors });
    await checkReferences(tx, actor, input);
    await writeAgent(tx, actor.companyId, id, input, exists);
    await writeHistory(tx, actor, id, exists ? 'updated agent' : 'created agent');
    const agent = (await findAgent(tx, actor.companyId, id))!;
    await writeVersion(tx, actor, id, 'restored', agent);
    return agent;
  });
}

export async function setAgentEnabled(actor: Actor, id: string, enabled: boolean, expected?: number[]): Promise<{ id: string; enabled: boolean }> {
  return transaction(async (tx) => {
    await lockResource(tx, actor, 'agents', id, { expected, mustExist: true });
    await tx.agent.update({ where: { id }, data: { enabled }, select: { id: true } });
    await writeHistory(tx, actor, id, enabled ? 'enabled agent' : 'disabled agent');
    await writeVersion(tx, actor, id, enabled ? 'enabled' : 'disabled');
    return { id, enabled };
  });
}

type SquadUseRow = { id: string; name: string; via: UsageVia; taskId: string | null; taskName: string | null; position: unknown; sectors: unknown };

/** What uses an agent: the squads running it as a task's agent, planning agent or supervisor (one statement). */
export const dependents: Dependents = async (tx, companyId, agentId) => {
  const rows = await tx.$queryRaw<SquadUseRow[]>(Sql.sql`
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
};

export async function deleteAgent(actor: Actor, id: string, expected?: number[]): Promise<{ id: string }> {
  return transaction(async (tx) => {
    await lockResource(tx, actor, 'agents', id, { expected, mustExist: true });
    await assertUnused(tx, 'agents', actor, id, dependents);
    const last = (await findAgent(tx, actor.companyId, id))!;
    await tx.agent.delete({ where: { id } });
    await writeHistory(tx, actor, id, 'deleted agent');
    await writeVersion(tx, actor, id, 'deleted', last);
    return { id };
  });
}

/** The scope's agent history, newest first: a sector-limited caller's leaves out the agents it does not see (decision 076). */
export async function agentHistory(scope: Scope, agentId?: string): Promise<AgentHistoryRecord[]> {
  const rows = await db().agentHistory.findMany({
    where: { companyId: scope.companyId, ...(agentId ? { agentId } : {}) },
    orderBy: { seq: 'desc' },
  });
  const visible = await visibleIds(scope, 'agents', 'AgentHistory', 'agentId');
  return rows.filter((r) => visible?.has(r.agentId) ?? true).map((r) => ({
    id: r.id,
    agentId: r.agentId,
    action: r.action,
    timestamp: r.timestamp.toISOString(),
    responsible: r.responsible,
    responsibleId: r.responsibleId,
  }));
}
