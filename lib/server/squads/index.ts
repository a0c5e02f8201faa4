// Squads over Prisma: every query is confined to the caller's company; every change raises the
// squad's version and writes its history record in the same transaction (D7). Reads load tasks
// as ../relations describes (no list of squad ids is ever bound), so lists work at any size.
import { ApiError, notFound } from '../../errors';
import type { Prisma, Squad as SquadRow } from '../../generated/sqlite/client';
import { Prisma as PrismaValues } from '../prisma-values';
import { hasSector, type Coordinates } from '../../schemas/common';
import {
  squadRecord,
  type SquadAgentSlot,
  type SquadFields,
  type SquadHistoryRecord,
  type SquadHistoryType,
  type SquadRecord,
} from '../../schemas/squad';
import { responsibleOf, stringArray } from '../actor';
import type { Actor } from '../auth/tokens';
import { db, transaction, type Tx } from '../db';
import { rethrowPrismaError } from '../prisma-errors';
import { assertReferences } from '../references';
import { groupByParent } from '../relations';
import { recordVersion, versionRows, type RecordOptions, type VersionAction } from '../versions';
import { newId } from '../ids';
import { assertChanged, lockResource, unlessUnchanged } from '../concurrency';
import { assertWritable, inTransaction, insertRows, recordStore, visibleIds, visibleRow, type NewRow, type RowInsert, type Scope } from '../store';
import type { ListPage, PageRequest } from '../list-page';
import type { FieldSpec } from '../store/record';

const LIST_ORDER: Prisma.SquadOrderByWithRelationInput[] = [{ createdAt: 'asc' }, { id: 'asc' }];

const taskColumns = { squadId: true, taskId: true, agentId: true, name: true, objective: true, dependsOn: true, coordinates: true } as const;
type TaskRow = Prisma.SquadTaskGetPayload<{ select: typeof taskColumns }>;

/** The squads matching `where` (which names the company) in list order, with their tasks: two queries whatever the number of squads. */
async function findSquads(tx: Tx, where: Prisma.SquadWhereInput, sector?: string): Promise<SquadRecord[]> {
  const rows = (await tx.squad.findMany({ where, orderBy: LIST_ORDER })).filter((r) => hasSector(r, sector));
  if (!rows.length) return [];
  const tasksOf = groupByParent(
    await tx.squadTask.findMany({ where: { squad: where }, select: taskColumns, orderBy: { position: 'asc' } }),
    (task) => task.squadId,
  );
  return rows.map((row) => toRecord(row, tasksOf(row.id)));
}

async function findSquad(tx: Tx, companyId: string, id: string): Promise<SquadRecord | undefined> {
  return (await findSquads(tx, { id, companyId }))[0];
}

/** The squad if the scope sees it (decision 076: a hidden squad reads as a missing one). */
async function findVisibleSquad(tx: Tx, scope: Scope, id: string): Promise<SquadRecord | undefined> {
  const squad = await findSquad(tx, scope.companyId, id);
  return squad && visibleRow(scope, squad) ? squad : undefined;
}

const asCoordinates = (value: unknown): Coordinates => value as Coordinates;

function slot(id: string | null, coordinates: unknown): SquadAgentSlot | null {
  if (!id) return null;
  return coordinates ? { id, coordinates: asCoordinates(coordinates) } : { id };
}

function toRecord(row: SquadRow, tasks: TaskRow[]): SquadRecord {
  return SQUADS.fromRow({
    ...row,
    tasks: tasks.map((t) => ({
      id: t.taskId,
      agent: t.agentId,
      name: t.name,
      objective: t.objective,
      dependsOn: stringArray(t.dependsOn),
      coordinates: asCoordinates(t.coordinates),
    })),
  });
}

function columns(input: SquadFields) {
  return {
    name: input.name,
    order: input.order,
    enabled: input.enabled,
    doPlan: input.do_plan,
    sectors: input.sectors,
    publisher: input.publisher,
    planningAgentId: input.planningAgent?.id ?? null,
    planningAgentCoordinates: input.planningAgent?.coordinates ?? PrismaValues.DbNull,
    supervisorId: input.supervisor?.id ?? null,
    supervisorCoordinates: input.supervisor?.coordinates ?? PrismaValues.DbNull,
  };
}

function taskRows(squadId: string, input: SquadFields) {
  return input.tasks.map((t, position) => ({
    squadId,
    taskId: t.id,
    position,
    agentId: t.agent,
    name: t.name,
    objective: t.objective,
    dependsOn: t.dependsOn,
    coordinates: t.coordinates,
  }));
}

function checkReferences(tx: Tx, scope: Scope, input: SquadFields) {
  return assertReferences(inTransaction(tx), scope, [
    ...input.tasks.map((t, i) => ({ kind: 'agent' as const, path: `squad.tasks.${i}.agent`, id: t.agent })),
    ...(input.planningAgent ? [{ kind: 'agent' as const, path: 'squad.planningAgent.id', id: input.planningAgent.id }] : []),
    ...(input.supervisor ? [{ kind: 'agent' as const, path: 'squad.supervisor.id', id: input.supervisor.id }] : []),
  ]);
}

function writeHistory(tx: Tx, actor: Actor, squadId: string, action: string, type: SquadHistoryType) {
  return tx.squadHistory.create({ data: { companyId: actor.companyId, squadId, action, type, ...responsibleOf(actor) } });
}

/** The squad's state after a change, stored as a version numbered like the squad's own `version` (decision 013). */
async function writeVersion(tx: Tx, actor: Actor, id: string, action: VersionAction, state?: SquadRecord, options: RecordOptions = {}) {
  const squad = state ?? (await findSquad(tx, actor.companyId, id))!;
  return recordVersion(tx, actor, 'squads', id, action, squad, { version: squad.version, ...options });
}

/** The current states of squads `ids` (a bounded batch), numbered like their `version`, for lib/server/kinds/backfill. */
export async function statesForVersions(tx: Tx, ids: string[]): Promise<{ id: string; version: number; state: SquadRecord }[]> {
  return (await findSquads(tx, { id: { in: ids } })).map((squad) => ({ id: squad.id, version: squad.version, state: squad }));
}

/** An agent slot (planning agent, supervisor) as `slot` writes it: null, { id } or { id, coordinates }. */
function slotField(idColumn: 'planningAgentId' | 'supervisorId', coordinatesColumn: 'planningAgentCoordinates' | 'supervisorCoordinates'): FieldSpec {
  const [id, at] = [`a."${idColumn}"`, `a."${coordinatesColumn}"`];
  return {
    js: (row) => slot(row[idColumn] as string | null, row[coordinatesColumn]),
    sqlite: `json(CASE WHEN ${id} IS NULL THEN NULL WHEN ${at} IS NULL OR json_type(${at}) IN ('null', 'false') THEN json_object('id', ${id})
      ELSE json_object('id', ${id}, 'coordinates', json(${at})) END)`,
    postgres: `(CASE WHEN ${id} IS NULL THEN NULL WHEN ${at} IS NULL OR jsonb_typeof(${at}) = 'null' OR ${at} = 'false'::jsonb THEN json_build_object('id', ${id})
      ELSE json_build_object('id', ${id}, 'coordinates', ${at}) END)`,
  };
}

/** The squad's record (SquadRecord) as the store reads it, tasks in position order (../store). */
const SQUADS = recordStore<SquadRecord>('Squad', squadRecord, {
  tasks: {
    sqlite: `(SELECT json_group_array(json_object('id', t."taskId", 'agent', t."agentId", 'name', t."name", 'objective', t."objective",
      'dependsOn', json(CASE WHEN json_type(t."dependsOn") = 'array' THEN t."dependsOn" ELSE '[]' END), 'coordinates', json(t."coordinates"))
      ORDER BY t."position") FROM "SquadTask" t WHERE t."squadId" = a."id")`,
    postgres: `(SELECT coalesce(json_agg(json_build_object('id', t."taskId", 'agent', t."agentId", 'name', t."name", 'objective', t."objective",
      'dependsOn', CASE WHEN jsonb_typeof(t."dependsOn") = 'array' THEN t."dependsOn" ELSE '[]'::jsonb END, 'coordinates', t."coordinates")
      ORDER BY t."position"), '[]'::json) FROM "SquadTask" t WHERE t."squadId" = a."id")`,
  },
  do_plan: { column: 'doPlan' },
  planningAgent: slotField('planningAgentId', 'planningAgentCoordinates'),
  supervisor: slotField('supervisorId', 'supervisorCoordinates'),
});

/** GET /squads: the company's squads with their tasks as the JSON text of the list (one statement). */
export const listSquadsJson = (scope: Scope, sector?: string): Promise<string> => SQUADS.listJson(scope, sector);
/** One page of that list (D13, ../list-page). */
export const listSquadsPage = (scope: Scope, sector: string | undefined, page: PageRequest): Promise<ListPage> => SQUADS.listPage(scope, sector, page);


export async function getSquad(scope: Scope, id: string): Promise<SquadRecord> {
  const squad = await findVisibleSquad(db(), scope, id);
  if (!squad) throw notFound('Squad');
  return squad;
}

/**
 * The rows that write a new squad (decision 095): the squad, its tasks, its history record, its
 * first version and that version's event; the state is the squad as written, not read back.
 */
export function squadRows(actor: Actor, input: SquadFields, { id = newId(), now = new Date() }: NewRow = {}): { id: string; rows: RowInsert[] } {
  const fields = columns(input);
  const row: SquadRow = {
    id,
    companyId: actor.companyId,
    ...fields,
    planningAgentCoordinates: input.planningAgent?.coordinates ?? null,
    supervisorCoordinates: input.supervisor?.coordinates ?? null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  const tasks = taskRows(id, input);
  const history = { id: newId(), companyId: actor.companyId, squadId: id, ...responsibleOf(actor), action: 'created squad', type: 'success', date: now };
  return {
    id,
    rows: [
      { table: 'Squad', row, json: ['sectors', 'planningAgentCoordinates', 'supervisorCoordinates'] },
      ...tasks.map((task) => ({ table: 'SquadTask', row: task, json: ['dependsOn', 'coordinates'] })),
      { table: 'SquadHistory', row: history },
      ...versionRows(actor, 'squads', id, 1, 'created', toRecord(row, tasks), now),
    ],
  };
}

/** Creates a squad, its tasks and its history record in the caller's transaction. */
export async function createSquadInTx(tx: Tx, actor: Actor, input: SquadFields): Promise<{ id: string }> {
  await checkReferences(tx, actor, input);
  assertWritable(actor, input.sectors);
  const { id, rows } = squadRows(actor, input);
  await insertRows(tx, rows);
  return { id };
}

export function createSquad(actor: Actor, input: SquadFields): Promise<{ id: string }> {
  return transaction((tx) => createSquadInTx(tx, actor, input)).catch(rethrowPrismaError('Squad'));
}

/**
 * Full replace (PUT /squads/{id}). `expected` comes from If-Match: checked once the squad is locked
 * (../concurrency), so two writers holding the same version cannot both win. A replace that
 * changes nothing writes nothing (no history record, no version) and answers the squad as is.
 */
export async function replaceSquad(actor: Actor, id: string, input: SquadFields, expected?: number[]): Promise<SquadRecord> {
  const { value } = await unlessUnchanged(
    () =>
      transaction(async (tx) => {
        await checkReferences(tx, actor, input);
        const { version } = await lockResource(tx, actor, 'squads', id, { expected, mustExist: true, sectors: input.sectors });
        const before = (await findSquad(tx, actor.companyId, id))!;
        await tx.squad.update({ where: { id }, data: { ...columns(input), version: { increment: 1 } }, select: { id: true } });
        await tx.squadTask.deleteMany({ where: { squadId: id } });
        if (input.tasks.length) await tx.squadTask.createMany({ data: taskRows(id, input) });
        const squad = (await findSquad(tx, actor.companyId, id))!;
        assertChanged(before, squad, version);
        await writeHistory(tx, actor, id, 'updated squad', 'success');
        await writeVersion(tx, actor, id, 'updated', squad);
        return { value: squad, version: squad.version };
      }).catch(rethrowPrismaError('Squad')),
    () => getSquad(actor, id),
  );
  return value;
}

/**
 * Restore (decision 013): `input` (an old version's state, parsed with the squad schema) replaces
 * the squad through the same reference checks as PUT, raising its version, or recreates a
 * deleted squad with the same id (its version continuing after its last one). History: the usual
 * "updated squad" / "created squad" record; versions: a `restored` one. `expected`: If-Match.
 */
export async function restoreSquad(actor: Actor, id: string, input: SquadFields, expected?: number[]): Promise<SquadRecord> {
  return transaction(async (tx) => {
    await checkReferences(tx, actor, input);
    const { exists, version } = await lockResource(tx, actor, 'squads', id, { expected, sectors: input.sectors });
    if (exists) {
      await tx.squad.update({ where: { id }, data: { ...columns(input), version: { increment: 1 } }, select: { id: true } });
      await tx.squadTask.deleteMany({ where: { squadId: id } });
    } else {
      await tx.squad.create({ data: { id, companyId: actor.companyId, ...columns(input), version: version + 1 }, select: { id: true } });
    }
    if (input.tasks.length) await tx.squadTask.createMany({ data: taskRows(id, input) });
    await writeHistory(tx, actor, id, exists ? 'updated squad' : 'created squad', 'success');
    const squad = (await findSquad(tx, actor.companyId, id))!;
    await writeVersion(tx, actor, id, 'restored', squad);
    return squad;
  }).catch(rethrowPrismaError('Squad'));
}

export async function setSquadEnabled(actor: Actor, id: string, enabled: boolean, expected?: number[]): Promise<{ id: string; enabled: boolean }> {
  return transaction(async (tx) => {
    await lockResource(tx, actor, 'squads', id, { expected, mustExist: true });
    await tx.squad.update({ where: { id }, data: { enabled, version: { increment: 1 } }, select: { id: true } });
    await writeHistory(tx, actor, id, enabled ? 'enabled squad' : 'disabled squad', 'neutral');
    await writeVersion(tx, actor, id, enabled ? 'enabled' : 'disabled');
    return { id, enabled };
  });
}

export async function deleteSquad(actor: Actor, id: string, expected?: number[]): Promise<{ id: string }> {
  return transaction(async (tx) => {
    await lockResource(tx, actor, 'squads', id, { expected, mustExist: true });
    // The deletion is the squad's last version, numbered after the change before it.
    await tx.squad.update({ where: { id }, data: { version: { increment: 1 } }, select: { id: true } });
    const last = (await findSquad(tx, actor.companyId, id))!;
    await tx.squad.delete({ where: { id } });
    await writeHistory(tx, actor, id, 'deleted squad', 'success');
    await writeVersion(tx, actor, id, 'deleted', last);
    return { id };
  });
}

const MAX_REASON = 200;

/** `update refused: squad.tasks.1.agent: no agent with id "x" (+2 more)`, kept short. */
function refusalAction(verb: string, error: ApiError): string {
  const first = error.errors?.[0];
  const reason = first ? `${first.path}: ${first.message}` : error.message;
  const more = (error.errors?.length ?? 0) > 1 ? ` (+${error.errors!.length - 1} more)` : '';
  const clipped = reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON - 1)}…` : reason;
  return `${verb} refused: ${clipped}${more}`;
}

/**
 * Runs a change to squad `id` (parsing its body included); when it is refused with a 400 and the
 * squad exists in the caller's company, writes one `fail` history record, then rethrows (D7).
 */
export async function recordingRefusal<T>(actor: Actor, id: string, verb: 'update' | 'enable', change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
    await transaction(async (tx) => {
      const exists = await tx.squad.findFirst({ where: { id, companyId: actor.companyId }, select: { sectors: true } });
      if (exists && visibleRow(actor, exists)) await writeHistory(tx, actor, id, refusalAction(verb, error), 'fail');
    });
    }
    throw error;
  }
}

/** The scope's squad history, newest first: a sector-limited caller's leaves out the squads it does not see (decision 076). */
export async function squadHistory(scope: Scope, squadId?: string): Promise<SquadHistoryRecord[]> {
  const rows = await db().squadHistory.findMany({
    where: { companyId: scope.companyId, ...(squadId ? { squadId } : {}) },
    orderBy: { seq: 'desc' },
  });
  const visible = await visibleIds(scope, 'squads', 'SquadHistory', 'squadId');
  return rows.filter((r) => visible?.has(r.squadId) ?? true).map((r) => ({
    id: r.id,
    squadId: r.squadId,
    responsible: r.responsible,
    responsibleId: r.responsibleId,
    action: r.action,
    type: r.type as SquadHistoryType,
    date: r.date.toISOString(),
  }));
}
