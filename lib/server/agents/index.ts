// Agents over Prisma: every query is confined to the caller's company; every change writes its
// history record in the same transaction.
import { ApiError, notFound } from '../../api/errors';
import type { AgentHistoryRecord, AgentInput, AgentRecord } from '../../schemas/agent';
import { hasSector } from '../../schemas/common';
import { responsibleOf, stringArray } from '../actor';
import type { Actor } from '../auth/tokens';
import { db, transaction, type Tx } from '../db';
import { assertReferences } from '../references';

const include = {
  tools: { orderBy: { position: 'asc' as const }, select: { toolId: true } },
  knowledgeBases: { orderBy: { position: 'asc' as const }, select: { knowledgeBaseId: true } },
};

type AgentRow = NonNullable<Awaited<ReturnType<typeof findRow>>>;

function findRow(tx: Tx, companyId: string, id: string) {
  return tx.agent.findFirst({ where: { id, companyId }, include });
}

function toRecord(row: AgentRow): AgentRecord {
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
    tools: row.tools.map((t) => t.toolId),
    knowledgeBases: row.knowledgeBases.map((k) => k.knowledgeBaseId),
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

export async function listAgents(companyId: string, sector?: string): Promise<AgentRecord[]> {
  const rows = await db().agent.findMany({ where: { companyId }, include, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.filter((r) => hasSector(r, sector)).map(toRecord);
}

export async function getAgent(companyId: string, id: string): Promise<AgentRecord> {
  const row = await findRow(db(), companyId, id);
  if (!row) throw notFound('Agent');
  return toRecord(row);
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
    if (!(await findRow(tx, actor.companyId, id))) throw notFound('Agent');
    await checkReferences(tx, actor.companyId, input);
    await tx.agentTool.deleteMany({ where: { agentId: id } });
    await tx.agentKnowledgeBase.deleteMany({ where: { agentId: id } });
    await tx.agent.update({ where: { id }, data: { ...columns(input), ...links(input) } });
    await writeHistory(tx, actor, id, 'updated agent');
    return toRecord((await findRow(tx, actor.companyId, id))!);
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
    if (!(await findRow(tx, actor.companyId, id))) throw notFound('Agent');
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
