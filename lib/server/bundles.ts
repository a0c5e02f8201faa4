// Bundles (decision 014): export a squad with its agents, their tools, knowledge bases and AI
// models as one document with local refs instead of ids and no provider key; import one into the
// caller's company, as a preview (dry run) or applied in one transaction with the rows the data
// layer's create functions write (each resource its usual history record, version and event), all
// or nothing; prepared before that transaction so that it is short (decision 095).
import 'server-only';
import { ApiError, invalidFields, type FieldError } from '../errors';
import { kindOfRef, type RefKind } from '../kinds';
import { apikeyProblem } from '../catalog/providers';
import type { Prisma } from '../generated/sqlite/client';
import type { AgentRecord } from '../schemas/agent';
import {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  type Bundle,
  type BundleDocument,
  type BundleImportBody,
  type BundlePlan,
  type BundlePlanItem,
  type BundleResourceKind,
} from '../schemas/bundle';
import type { SquadAgentSlot } from '../schemas/squad';
import type { ToolMcp } from '../schemas/tool';
import { activityActorOf, activityRow } from './activity';
import { agentRows, findAgents } from './agents';
import { aiModelRecord, modelRows } from './ai-models';
import type { Actor } from './auth/tokens';
import { db, transaction, type Tx } from './db';
import { newId } from './ids';
import { knowledgeBaseRecord, knowledgeBaseRows } from './knowledge-bases';
import { pacer } from './pace';
import type { Prisma as Sql } from './prisma-values';
import { rethrowPrismaError } from './prisma-errors';
import { getSquad, squadRows } from './squads';
import { toolRecord, toolRows } from './tools';
import { assertWritable, insertStatements, isLimited, visibleRow, type RowInsert, type Scope } from './store';

/**
 * 403 when a bundle would carry a resource the scope does not see (decision 076): the message
 * names its kind, never its name (that would tell what the caller may not see).
 */
function assertAllVisible(scope: Scope, ref: RefKind, rows: { sectors: unknown }[]): void {
  if (!isLimited(scope) || rows.every((row) => visibleRow(scope, row))) return;
  const noun = kindOfRef(ref).singular;
  throw new ApiError('forbidden', `This squad's bundle would include ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun} outside your sectors; only someone who sees all of it can export it`);
}

// ---------------------------------------------------------------- export

/** Refs in order of first appearance: `agent-1`, `agent-2`… (stable for the same squad, whatever its ids). */
function refMap(prefix: string, ids: string[]): Map<string, string> {
  const refs = new Map<string, string>();
  for (const id of ids) if (!refs.has(id)) refs.set(id, `${prefix}-${refs.size + 1}`);
  return refs;
}

const mcpOut = (mcp: ToolMcp | null) =>
  mcp && (mcp.url || mcp.transport) ? { ...(mcp.url ? { url: mcp.url } : {}), ...(mcp.transport ? { transport: mcp.transport } : {}) } : null;

/** GET /api/squads/{id}/bundle: the squad and what it needs; 404 for an id the company does not have. */
export async function exportSquadBundle(scope: Scope, squadId: string): Promise<BundleDocument> {
  const { companyId } = scope;
  const squad = await getSquad(scope, squadId);
  const tx = db();
  // Filters through relations, never a list of ids (lib/server/relations.ts): any squad size.
  const agentWhere: Prisma.AgentWhereInput = {
    companyId,
    OR: [{ squadTasks: { some: { squadId } } }, { planningFor: { some: { id: squadId } } }, { supervisorFor: { some: { id: squadId } } }],
  };
  const [agents, toolRows, kbRows, modelRows] = await Promise.all([
    findAgents(tx, agentWhere),
    tx.tool.findMany({ where: { companyId, agents: { some: { agent: agentWhere } } } }),
    tx.knowledgeBase.findMany({ where: { companyId, agents: { some: { agent: agentWhere } } } }),
    tx.aiModel.findMany({ where: { companyId, agents: { some: agentWhere } } }),
  ]);
  assertAllVisible(scope, 'agent', agents);
  assertAllVisible(scope, 'tool', toolRows);
  assertAllVisible(scope, 'knowledgeBase', kbRows);
  assertAllVisible(scope, 'aiModel', modelRows);
  const agentById = new Map(agents.map((a) => [a.id, a]));
  const agentRefs = refMap('agent', [
    ...squad.tasks.map((t) => t.agent),
    ...(squad.planningAgent ? [squad.planningAgent.id] : []),
    ...(squad.supervisor ? [squad.supervisor.id] : []),
  ]);
  const orderedAgents = [...agentRefs.keys()].map((id) => agentById.get(id)!).filter(Boolean);
  const modelRefs = refMap('model', orderedAgents.map((a) => a.model));
  const toolRefs = refMap('tool', orderedAgents.flatMap((a) => a.tools));
  const kbRefs = refMap('kb', orderedAgents.flatMap((a) => a.knowledgeBases));
  const byRefOrder = <T extends { id: string }>(rows: T[], refs: Map<string, string>) =>
    rows.filter((r) => refs.has(r.id)).sort((a, b) => [...refs.keys()].indexOf(a.id) - [...refs.keys()].indexOf(b.id));
  const slot = (s: SquadAgentSlot | null) => (s ? { id: agentRefs.get(s.id)!, ...(s.coordinates ? { coordinates: s.coordinates } : {}) } : null);

  return {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    exportedAt: new Date().toISOString(),
    squad: {
      name: squad.name,
      order: squad.order,
      enabled: squad.enabled,
      do_plan: squad.do_plan,
      sectors: squad.sectors,
      publisher: squad.publisher,
      planningAgent: slot(squad.planningAgent),
      supervisor: slot(squad.supervisor),
      tasks: squad.tasks.map((t) => ({ id: t.id, agent: agentRefs.get(t.agent)!, name: t.name, objective: t.objective, dependsOn: t.dependsOn, coordinates: t.coordinates })),
    },
    agents: orderedAgents.map((a: AgentRecord) => ({
      ref: agentRefs.get(a.id)!,
      name: a.name,
      enabled: a.enabled,
      model: modelRefs.get(a.model)!,
      auto: a.auto,
      reasoning: a.reasoning,
      publisher: a.publisher,
      temperature: a.temperature,
      role: a.role,
      objective: a.objective,
      referencies: a.referencies,
      'can.delegate': a['can.delegate'],
      can_code: a.can_code,
      multimodal: a.multimodal,
      sectors: a.sectors,
      tools: a.tools.map((id) => toolRefs.get(id)!),
      knowledgeBases: a.knowledgeBases.map((id) => kbRefs.get(id)!),
    })),
    tools: byRefOrder(toolRows, toolRefs).map((row) => {
      const t = toolRecord(row);
      return {
        ref: toolRefs.get(t.id)!,
        name: t.name,
        description: t.description,
        code: t.code,
        entryFunctionName: t.entryFunctionName,
        sectors: t.sectors,
        publisher: t.publisher,
        enabled: t.enabled,
        environments: t.environments,
        mcp: mcpOut(t.mcp),
      };
    }),
    knowledgeBases: byRefOrder(kbRows, kbRefs).map((row) => {
      const k = knowledgeBaseRecord(row);
      // A `file` base's bytes stay behind: its content (the stored file's name) is the service's own.
      return {
        ref: kbRefs.get(k.id)!,
        name: k.name,
        description: k.description,
        enabled: k.enabled,
        sectors: k.sectors,
        type: k.type,
        content: k.type === 'file' ? '' : k.content,
        multimodal: k.multimodal,
        tags: k.tags,
        filename: k.type === 'file' ? k.filename : null,
      };
    }),
    // No `apikey`: provider keys never leave the server (the mask would not be a key either).
    aiModels: byRefOrder(modelRows, modelRefs).map((row) => {
      const m = aiModelRecord(row);
      return { ref: modelRefs.get(m.id)!, name: m.name, sectors: m.sectors, description: m.description, enabled: m.enabled, provider: m.provider, model: m.model };
    }),
  };
}

// ---------------------------------------------------------------- import

type Matches = { agents: Map<string, string>; tools: Map<string, string>; knowledgeBases: Map<string, string>; aiModels: Map<string, string>; squadExists: boolean };

/**
 * The oldest resource of each name among `names`, per kind, among those the scope sees (decision
 * 076: a hidden resource is never matched, so a plan never names it): one indexed query per kind
 * (the names are bounded by the bundle's caps).
 */
async function existingByName(tx: Tx, scope: Scope, bundle: Bundle): Promise<Matches> {
  const { companyId } = scope;
  const names = (items: { name: string }[]) => [...new Set(items.map((i) => i.name))];
  const where = (items: { name: string }[]) => ({ companyId, name: { in: names(items) } });
  const orderBy = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];
  const select = { id: true, name: true, sectors: true } as const;
  const firstByName = (rows: { id: string; name: string; sectors: unknown }[]) => {
    const map = new Map<string, string>();
    for (const row of rows) if (!map.has(row.name) && visibleRow(scope, row)) map.set(row.name, row.id);
    return map;
  };
  const [agents, tools, knowledgeBases, aiModels, squad] = await Promise.all([
    bundle.agents.length ? tx.agent.findMany({ where: where(bundle.agents), orderBy, select }) : [],
    bundle.tools.length ? tx.tool.findMany({ where: where(bundle.tools), orderBy, select }) : [],
    bundle.knowledgeBases.length ? tx.knowledgeBase.findMany({ where: where(bundle.knowledgeBases), orderBy, select }) : [],
    bundle.aiModels.length ? tx.aiModel.findMany({ where: where(bundle.aiModels), orderBy, select }) : [],
    tx.squad.findMany({ where: { companyId, name: bundle.squad.name }, select: { sectors: true } }),
  ]);
  return {
    agents: firstByName(agents),
    tools: firstByName(tools),
    knowledgeBases: firstByName(knowledgeBases),
    aiModels: firstByName(aiModels),
    squadExists: squad.some((row) => visibleRow(scope, row)),
  };
}

/** Whether two lookups of `existingByName` found the same: the plan made from the first still holds. */
function sameMatches(a: Matches, b: Matches): boolean {
  const same = (x: Map<string, string>, y: Map<string, string>) => x.size === y.size && [...x].every(([name, id]) => y.get(name) === id);
  return same(a.agents, b.agents) && same(a.tools, b.tools) && same(a.knowledgeBases, b.knowledgeBases) && same(a.aiModels, b.aiModels) && a.squadExists === b.squadExists;
}

/** A plan item's key among the plan's items: its kind and its ref (no ref holds a NUL). */
const itemKey = (kind: BundleResourceKind, ref: string) => `${kind}\u0000${ref}`;

function planOf(bundle: Bundle, matches: Matches, apikeys: ReadonlyMap<string, string>, dryRun: boolean): { plan: BundlePlan; keyErrors: FieldError[] } {
  const items: BundlePlanItem[] = [];
  const created = new Set<string>();
  const add = (kind: BundleResourceKind, list: { ref: string; name: string }[], matched: Map<string, string>) => {
    for (const item of list) {
      const id = matched.get(item.name) ?? null;
      items.push({ kind, ref: item.ref, name: item.name, action: id ? 'match' : 'create', id });
      if (!id) created.add(itemKey(kind, item.ref));
    }
  };
  add('aiModel', bundle.aiModels, matches.aiModels);
  add('tool', bundle.tools, matches.tools);
  add('knowledgeBase', bundle.knowledgeBases, matches.knowledgeBases);
  add('agent', bundle.agents, matches.agents);
  items.push({ kind: 'squad', ref: null, name: bundle.squad.name, action: 'create', id: null });

  const creates = (kind: BundleResourceKind, ref: string) => created.has(itemKey(kind, ref));
  const keyErrors: FieldError[] = [];
  const warnings: string[] = [];
  const keysNeeded: BundlePlan['keysNeeded'] = [];
  for (const model of bundle.aiModels) {
    if (!creates('aiModel', model.ref)) continue;
    const given = apikeys.has(model.ref);
    if (apikeyProblem(model.provider, false)) keysNeeded.push({ ref: model.ref, name: model.name, provider: model.provider, given });
    const problem = apikeyProblem(model.provider, given);
    if (problem && (given || !dryRun)) keyErrors.push({ path: `apikeys.${model.ref}`, message: `${problem} (model "${model.name}")` });
  }
  for (const ref of apikeys.keys()) {
    const model = bundle.aiModels.find((m) => m.ref === ref);
    if (!model) keyErrors.push({ path: `apikeys.${ref}`, message: `no AI model with ref "${ref}" in the bundle` });
    else if (!creates('aiModel', ref)) warnings.push(`AI model "${model.name}" matches an existing model: the key given for it is not used`);
  }
  if (matches.squadExists) warnings.push(`A squad named "${bundle.squad.name}" already exists; the import creates another one`);
  const filesMissing = bundle.knowledgeBases
    .filter((kb) => kb.type === 'file' && creates('knowledgeBase', kb.ref))
    .map((kb) => ({ ref: kb.ref, name: kb.name, filename: kb.filename, id: null as string | null }));
  return { plan: { dryRun, items, keysNeeded, filesMissing, warnings, squad: null }, keyErrors };
}

/** An import made ready to write: what it found by name, its INSERTs, its answer. */
export type PreparedImport = { matches: Matches; statements: Sql.Sql[]; answer: BundlePlan };

/**
 * Everything an import does but write (decision 095), outside any transaction, giving way to the
 * event loop every few milliseconds: the lookup by name and the plan (400 for a key problem), the
 * sector checks (403, in the order the resources are created), and every row (ids, history
 * records, versions, activity events) built and turned into multi-row INSERTs. Exported for
 * bench/import-phases.ts.
 */
export async function prepareImport(actor: Actor, bundle: Bundle, apikeys: ReadonlyMap<string, string>): Promise<PreparedImport> {
  const matches = await existingByName(db(), actor, bundle);
  const { plan, keyErrors } = planOf(bundle, matches, apikeys, false);
  if (keyErrors.length) throw invalidFields(keyErrors);
  const pace = pacer();
  // One instant for the whole import; each kind's new ids sorted, so that lists (creation time,
  // then id) show the resources in the bundle's order.
  const now = new Date();
  const rows: RowInsert[] = [];
  const itemOf = new Map(plan.items.map((item) => [itemKey(item.kind, item.ref ?? ''), item]));
  const ids = { aiModel: new Map<string, string>(), tool: new Map<string, string>(), knowledgeBase: new Map<string, string>(), agent: new Map<string, string>() };
  const resolve = async <T extends { ref: string }>(kind: keyof typeof ids, list: T[], build: (resource: T, id: string) => RowInsert[]) => {
    const fresh = list.map(() => newId()).sort();
    let next = 0;
    for (const resource of list) {
      const item = itemOf.get(itemKey(kind, resource.ref))!;
      if (item.action === 'create') {
        item.id = fresh[next++];
        rows.push(...build(resource, item.id));
      }
      ids[kind].set(resource.ref, item.id!);
      await pace();
    }
  };
  await resolve('aiModel', bundle.aiModels, ({ ref, ...model }, id) => {
    assertWritable(actor, model.sectors);
    return modelRows(actor, { ...model, apikey: apikeys.get(ref) ?? null }, undefined, { id, now }).rows;
  });
  await resolve('tool', bundle.tools, ({ ref: _ref, ...tool }, id) => {
    assertWritable(actor, tool.sectors);
    return toolRows(actor, tool, { id, now }).rows;
  });
  await resolve('knowledgeBase', bundle.knowledgeBases, ({ ref: _ref, filename, ...knowledgeBase }, id) => {
    const { rows: made } = knowledgeBaseRows(actor, { knowledgeBase, filename }, { id, now });
    assertWritable(actor, knowledgeBase.sectors);
    return made;
  });
  await resolve('agent', bundle.agents, ({ ref: _ref, ...agent }, id) => {
    assertWritable(actor, agent.sectors);
    return agentRows(
      actor,
      {
        ...agent,
        model: ids.aiModel.get(agent.model)!,
        tools: agent.tools.map((t) => ids.tool.get(t)!),
        knowledgeBases: agent.knowledgeBases.map((k) => ids.knowledgeBase.get(k)!),
      },
      { id, now },
    ).rows;
  });
  const slot = (s: SquadAgentSlot | null) => (s ? { ...s, id: ids.agent.get(s.id)! } : null);
  assertWritable(actor, bundle.squad.sectors);
  const squad = squadRows(
    actor,
    {
      ...bundle.squad,
      tasks: bundle.squad.tasks.map((t) => ({ ...t, agent: ids.agent.get(t.agent)! })),
      planningAgent: slot(bundle.squad.planningAgent),
      supervisor: slot(bundle.squad.supervisor),
    },
    { now },
  );
  rows.push(...squad.rows);
  plan.items.find((i) => i.kind === 'squad')!.id = squad.id;
  for (const file of plan.filesMissing) file.id = ids.knowledgeBase.get(file.ref) ?? null;
  // D12: the import itself, named by the squad it made (each resource also has its `created` event).
  const sectors = bundle.squad.sectors;
  rows.push(activityRow({ companyId: actor.companyId, actor: activityActorOf(actor), action: 'bundle-imported', kind: 'squads', resourceId: squad.id, resourceName: bundle.squad.name, sectors, at: now }));
  const statements: Sql.Sql[] = [];
  for (const statement of insertStatements(rows)) {
    statements.push(statement);
    await pace();
  }
  return { matches, statements, answer: { ...plan, squad: { id: squad.id, name: bundle.squad.name } } };
}

/** How many times an import is prepared again when what it matched by name changed before its write. */
const IMPORT_ATTEMPTS = 3;

/** The lookup by name inside the write found something else than the preparation did. */
export class PlanChanged extends Error {}

/**
 * The write of a prepared import: one short transaction that looks the names up again (PlanChanged
 * if they no longer match the plan, nothing written) and runs the INSERTs. Exported for
 * bench/import-phases.ts.
 */
export function writeImport(actor: Actor, bundle: Bundle, prepared: PreparedImport): Promise<BundlePlan> {
  return transaction(async (tx) => {
    if (!sameMatches(await existingByName(tx, actor, bundle), prepared.matches)) throw new PlanChanged();
    for (const statement of prepared.statements) await tx.$executeRaw(statement);
    return prepared.answer;
  });
}

/**
 * POST /api/bundles/import. A dry run answers the plan: each resource `create`d or `match`ed (same
 * kind and name in the company: reused as it is), the models needing a provider key, the files
 * to upload after. Otherwise the plan is worked out again and applied, all or nothing (decision
 * 095): prepared outside any transaction, then written in one short transaction that first looks
 * the names up again; if they changed meanwhile, the import is prepared again (409 after
 * IMPORT_ATTEMPTS).
 */
export async function importBundle(actor: Actor, body: BundleImportBody): Promise<BundlePlan> {
  const { bundle, apikeys, dryRun } = body;
  if (dryRun) {
    const { plan, keyErrors } = planOf(bundle, await existingByName(db(), actor, bundle), apikeys, true);
    if (keyErrors.length) throw invalidFields(keyErrors);
    return plan;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeImport(actor, bundle, await prepareImport(actor, bundle, apikeys));
    } catch (error) {
      if (!(error instanceof PlanChanged)) rethrowPrismaError('Bundle')(error);
      if (attempt >= IMPORT_ATTEMPTS) {
        throw new ApiError('conflict', 'Resources named in the bundle were created, renamed or deleted while it was being imported; try the import again');
      }
    }
  }
}
