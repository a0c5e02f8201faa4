// Agents over Prisma: every query is confined to the caller's company; every change writes its
// history record in the same transaction. Reads load tools and knowledge bases as ../relations
// describes (no list of agent ids is ever bound), so lists work at any size.
import { ApiError, notFound } from '../../api/errors';
import type { Agent as AgentRow, Prisma } from '../../generated/sqlite/client';
import type { AgentHistoryRecord, AgentInput, AgentRecord } from '../../schemas/agent';
import { hasSector } from '../../schemas/common';
import { responsibleOf, stringArray } from '../actor';
import type { Actor } from '../auth/tokens';
import { db, transaction, type Tx } from '../db';
import { assertReferences } from '../references';
import { groupByParent } from '../relations';

const LIST_ORDER: Prisma.AgentOrderByWithRelationInput[] = [{ createdAt: 'asc' }, { id: 'asc' }];

/**
 * The agents matching `where` (which names the company) in list order, with their tools and
 * knowledge bases: three queries whatever the number of agents.
 */
async function findAgents(tx: Tx, where: Prisma.AgentWhereInput, sector?: string): Promise<AgentRecord[]> {
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

async function agentExists(tx: Tx, companyId: string, id: string): Promise<boolean> {
  return (await tx.agent.findFirst({ where: { id, companyId }, select: { id: true } })) !== null;
}

function toRecord(row: AgentRow, tools: string[], knowledgeBases: string[]): AgentRecord {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    model: row.modelId,
    auto: row.auto,
    reasoning: row.reasoning,
    publisher: row.publisher,
    temperature: row.temperature,
    role: row.role,
    objective: row.objective,
    referencies: row.referencies,
    'can.delegate': row.canDelegate,
    can_code: row.canCode,
    multimodal: row.multimodal,
    sectors: stringArray(row.sectors),
    tools,
    knowledgeBases,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
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

function checkReferences(tx: Tx, companyId: string, input: AgentInput) {
  return assertReferences(tx, companyId, [
    { kind: 'aiModel', path: 'model', id: input.model },
    ...input.tools.map((id, i) => ({ kind: 'tool' as const, path: `tools.${i}`, id })),
    ...input.knowledgeBases.map((id, i) => ({ kind: 'knowledgeBase' as const, path: `knowledgeBases.${i}`, id })),
  ]);
}

function links(input: AgentInput) {
  return {
    tools: { create: input.tools.map((toolId, position) => ({ toolId, position })) },
    knowledgeBases: { create: input.knowledgeBases.map((knowledgeBaseId, position) => ({ knowledgeBaseId, position })) },
  };
}

function writeHistory(tx: Tx, actor: Actor, agentId: string, action: string) {
  return tx.agentHistory.create({ data: { companyId: actor.companyId, agentId, action, ...responsibleOf(actor) } });
}

export function listAgents(companyId: string, sector?: string): Promise<AgentRecord[]> {
  return findAgents(db(), { companyId }, sector);
}

export async function getAgent(companyId: string, id: string): Promise<AgentRecord> {
  const agent = await findAgent(db(), companyId, id);
  if (!agent) throw notFound('Agent');
  return agent;
}

export async function createAgent(actor: Actor, input: AgentInput): Promise<{ id: string }> {
  return transaction(async (tx) => {
    await checkReferences(tx, actor.companyId, input);
    const row = await tx.agent.create({
      data: { companyId: actor.companyId, ...columns(input), ...links(input) },
      select: { id: true },
    });
    await writeHistory(tx, actor, row.id, 'created agent');
    return { id: row.id };
  });
}

export async function replaceAgent(actor: Actor, id: string, input: AgentInput): Promise<AgentRecord> {
  return transaction(async (tx) => {
    if (!(await agentExists(tx, actor.companyId, id))) throw notFound('Agent');
    await checkReferences(tx, actor.companyId, input);
    await tx.agentTool.deleteMany({ where: { agentId: id } });
    await tx.agentKnowledgeBase.deleteMany({ where: { agentId: id } });
    await tx.agent.update({ where: { id }, data: { ...columns(input), ...links(input) } });
    await writeHistory(tx, actor, id, 'updated agent');
    return (await findAgent(tx, actor.companyId, id))!;
  });
}

export async function setAgentEnabled(actor: Actor, id: string, enabled: boolean): Promise<{ id: string; enabled: boolean }> {
  return transaction(async (tx) => {
    const updated = await tx.agent.updateMany({ where: { id, companyId: actor.companyId }, data: { enabled } });
    if (updated.count !== 1) throw notFound('Agent');
    await writeHistory(tx, actor, id, enabled ? 'enabled agent' : 'disabled agent');
    return { id, enabled };
  });
}

export async function deleteAgent(actor: Actor, id: string): Promise<{ id: string }> {
  return transaction(async (tx) => {
    if (!(await agentExists(tx, actor.companyId, id))) throw notFound('Agent');
    const squads = await tx.squad.findMany({
      where: {
        companyId: actor.companyId,
        OR: [{ planningAgentId: id }, { supervisorId: id }, { tasks: { some: { agentId: id } } }],
      },
      select: { id: true, name: true },
    });
    if (squads.length) {
      throw new ApiError('conflict', `Agent is used by squad(s): ${squads.map((s) => `"${s.name}" (${s.id})`).join(', ')}`);
    }
    await tx.agent.delete({ where: { id } });
    await writeHistory(tx, actor, id, 'deleted agent');
    return { id };
  });
}

export async function agentHistory(companyId: string, agentId?: string): Promise<AgentHistoryRecord[]> {
  const rows = await db().agentHistory.findMany({
    where: { companyId, ...(agentId ? { agentId } : {}) },
    orderBy: { seq: 'desc' },
  });
  return rows.map((r) => ({
    id: r.id,
    agentId: r.agentId,
    action: r.action,
    timestamp: r.timestamp.toISOString(),
    responsible: r.responsible,
    responsibleId: r.responsibleId,
  }));
}
