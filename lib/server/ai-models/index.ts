// AI models over Prisma: every query is confined to the caller's company; every change raises the
// model's version and writes its history record in the same transaction. Provider keys are stored
// encrypted with their mask beside them; only the mask ever leaves this module.
import { invalidField, notFound } from '../../errors';
import { apikeyProblem } from '../../catalog/providers';
import { aiModelRecord, type AI_MODEL_ACTIONS, type AiModelInput, type AiModelRecord, type AiModelUpdate } from '../../schemas/ai-model';
import { responsibleOf, stringArray } from '../actor';
import type { Actor } from '../auth/tokens';
import { encryptSecret, maskSecret } from '../crypto';
import { translatePrismaError } from '../prisma-errors';
import { transaction, type Tx } from '../db';
import { recordVersion, versionRows, type RecordOptions, type VersionAction } from '../versions';
import { newId } from '../ids';
import { lockResource, Unchanged, unlessUnchanged, type Versioned } from '../concurrency';
import { agentsUsing, assertUnused } from '../dependents';
import { assertWritable, insertRows, recordStore, type NewRow, type RowInsert, type Scope } from '../store';
import type { ListPage, PageRequest } from '../list-page';

type ModelRow = NonNullable<Awaited<ReturnType<Tx['aiModel']['findFirst']>>>;

type HistoryType = 'success' | 'neutral';
type HistoryAction = (typeof AI_MODEL_ACTIONS)[number];

function toRecord(row: ModelRow): AiModelRecord {
  return MODELS.fromRow(row);
}

/** A model's stored version state (decision 013): the record without `apikey` (not even masked), whether one is set, and whether this change replaced it. */
export type AiModelVersionState = Omit<AiModelRecord, 'apikey'> & { apikeySet: boolean; apikeyChanged: boolean };

function versionState(row: ModelRow, apikeyChanged: boolean): AiModelVersionState {
  const { apikey, ...rest } = toRecord(row);
  return { ...rest, apikeySet: apikey !== null, apikeyChanged };
}

/** Stores the model's state as the version numbered like its own `version`. */
function writeVersion(tx: Tx, actor: Actor, row: ModelRow, action: VersionAction, apikeyChanged: boolean, options: RecordOptions = {}) {
  return recordVersion(tx, actor, 'ai-models', row.id, action, versionState(row, apikeyChanged), { version: row.version, ...options });
}

const keyColumns = (apikey: string | null | undefined) =>
  apikey ? { apikeyEncrypted: encryptSecret(apikey), apikeyMasked: maskSecret(apikey) } : { apikeyEncrypted: null, apikeyMasked: null };

function writeHistory(tx: Tx, actor: Actor, modelId: string, action: HistoryAction, type: HistoryType, version: number) {
  return tx.aiModelHistory.create({
    data: {
      companyId: actor.companyId,
      modelId,
      action,
      type,
      versionControl: `v${version}`,
      versionNumber: version,
      ...responsibleOf(actor),
    },
  });
}

/** The current states of models `ids` (a bounded batch), numbered like their `version`, for lib/server/kinds/backfill. */
export async function statesForVersions(tx: Tx, ids: string[]): Promise<{ id: string; version: number; state: AiModelVersionState }[]> {
  return (await tx.aiModel.findMany({ where: { id: { in: ids } } })).map((row) => ({ id: row.id, version: row.version, state: versionState(row, false) }));
}

/** The model's record (AiModelRecord) as the store reads it (../store): the mask, never the key. */
const MODELS = recordStore<AiModelRecord>('AiModel', aiModelRecord, { apikey: { column: 'apikeyMasked' } });

/** GET /ai-models: the company's models as the JSON text of the list (one statement). */
export const listModelsJson = (scope: Scope, sector?: string): Promise<string> => MODELS.listJson(scope, sector);
/** One page of that list (D13, ../list-page). */
export const listModelsPage = (scope: Scope, sector: string | undefined, page: PageRequest): Promise<ListPage> => MODELS.listPage(scope, sector, page);


/** GET /ai-models/{id}: the model's record as JSON text (../store), or 404. */
export async function getModelJson(scope: Scope, id: string): Promise<string> {
  const json = await MODELS.detailJson(scope, id);
  if (json === undefined) throw notFound('AI model');
  return json;
}

/** The provider rule was checked by the create schema; `sector` is the environment's, recorded only. */
export function createModel(actor: Actor, input: AiModelInput, sector?: string): Promise<{ id: string }> {
  return transaction((tx) => createModelInTx(tx, actor, input, sector));
}

/** The columns a model's fields set as they are (its key aside): on a creation and a restore. */
const modelColumns = (input: Pick<AiModelInput, 'name' | 'sectors' | 'description' | 'enabled' | 'provider' | 'model'>) => ({
  name: input.name,
  sectors: input.sectors,
  description: input.description,
  enabled: input.enabled,
  provider: input.provider,
  model: input.model,
});

/**
 * The rows that write a new model (decision 095: built before its transaction, inserted as plain
 * statements): the model, its history record, its first version and that version's event. The
 * version's state is the row as written, not read back.
 */
export function modelRows(actor: Actor, input: AiModelInput, sector?: string, { id = newId(), now = new Date() }: NewRow = {}): { id: string; rows: RowInsert[] } {
  const row: ModelRow = {
    id,
    companyId: actor.companyId,
    ...modelColumns(input),
    sector: sector ?? null,
    version: 1,
    ...keyColumns(input.apikey),
    createdAt: now,
    updatedAt: now,
  };
  const history = { id: newId(), companyId: actor.companyId, modelId: id, ...responsibleOf(actor), action: 'created model', type: 'success', date: now, versionControl: 'v1', versionNumber: 1 };
  return {
    id,
    rows: [
      { table: 'AiModel', row, json: ['sectors'] },
      { table: 'AiModelHistory', row: history },
      ...versionRows(actor, 'ai-models', id, 1, 'created', versionState(row, Boolean(input.apikey)), now),
    ],
  };
}

/** Creates a model and its history record in the caller's transaction. */
export async function createModelInTx(tx: Tx, actor: Actor, input: AiModelInput, sector?: string): Promise<{ id: string }> {
  assertWritable(actor, input.sectors);
  const { id, rows } = modelRows(actor, input, sector);
  await insertRows(tx, rows);
  return { id };
}

/** The fields of a partial update that differ from the stored row. */
function changedFields(current: ModelRow, patch: AiModelUpdate): string[] {
  const changed: string[] = [];
  if (patch.name !== undefined && patch.name !== current.name) changed.push('name');
  if (patch.description !== undefined && patch.description !== current.description) changed.push('description');
  if (patch.enabled !== undefined && patch.enabled !== current.enabled) changed.push('enabled');
  if (patch.provider !== undefined && patch.provider !== current.provider) changed.push('provider');
  if (patch.model !== undefined && patch.model !== current.model) changed.push('model');
  if (patch.sectors !== undefined && JSON.stringify(patch.sectors) !== JSON.stringify(stringArray(current.sectors))) changed.push('sectors');
  if (patch.apikey !== undefined && !(patch.apikey === null && current.apikeyEncrypted === null)) changed.push('apikey');
  return changed;
}

/**
 * Partial update: present fields replace, an absent `apikey` keeps the stored key, `null` removes
 * it. The provider rule is checked against the resulting provider and key: a stored key is never
 * dropped silently, so switching to a provider that refuses keys needs `apikey: null`.
 */
export async function updateModel(actor: Actor, id: string, patch: AiModelUpdate, sector?: string, expected?: number[]): Promise<Versioned<AiModelRecord>> {
  return unlessUnchanged(
    () =>
      transaction(async (tx) => {
        const { version } = await lockResource(tx, actor, 'ai-models', id, { expected, mustExist: true, sectors: patch.sectors });
        const current = await tx.aiModel.findUniqueOrThrow({ where: { id } });
        const provider = patch.provider ?? current.provider;
        const keepsStoredKey = patch.apikey === undefined && current.apikeyEncrypted !== null;
        const problem = apikeyProblem(provider, patch.apikey === undefined ? current.apikeyEncrypted !== null : patch.apikey !== null);
        if (problem) {
          throw invalidField('model.apikey', keepsStoredKey ? `${problem}: send "apikey": null to remove the stored key` : problem);
        }
        const changed = changedFields(current, patch);
        // A PUT of `enabled` alone is the model's enable switch: repeated, it still writes its
        // record (D5); any other PUT that changes nothing writes nothing (decision 050).
        const enableSwitch = patch.enabled !== undefined && Object.entries(patch).every(([field, value]) => field === 'enabled' || value === undefined);
        if (!changed.length && !enableSwitch && (sector === undefined || sector === current.sector)) throw new Unchanged(version);
        const row = await tx.aiModel.update({
          where: { id },
          data: {
            name: patch.name,
            sectors: patch.sectors,
            description: patch.description,
            enabled: patch.enabled,
            provider: patch.provider,
            model: patch.model,
            version: { increment: 1 },
            ...(sector !== undefined ? { sector } : {}),
            ...(patch.apikey !== undefined ? keyColumns(patch.apikey) : {}),
          },
        });
        const type: HistoryType = changed.every((f) => f === 'enabled') ? 'neutral' : 'success';
        await writeHistory(tx, actor, id, 'updated model', type, row.version);
        const onlyEnabled = (changed.length > 0 || enableSwitch) && changed.every((f) => f === 'enabled');
        await writeVersion(tx, actor, row, onlyEnabled ? (row.enabled ? 'enabled' : 'disabled') : 'updated', changed.includes('apikey'));
        return { value: toRecord(row), version: row.version };
      }),
    async () => JSON.parse(await getModelJson(actor, id)) as AiModelRecord,
  );
}

/** The fields a restore sets from an old version's state (parsed with the model schema). */
export type AiModelRestoreInput = Omit<AiModelInput, 'apikey'>;

/**
 * Restore (decision 013): the old version's fields replace the model's, raising its version;
 * the stored provider key is never touched (versions hold none): a restored model keeps its
 * current key, and a deleted one comes back with the same id and no key. The provider rule is
 * checked against the key the model will have, as on PUT (400 → the restore route's 409).
 */
export async function restoreModel(actor: Actor, id: string, input: AiModelRestoreInput, expected?: number[], sector?: string): Promise<AiModelRecord> {
  return transaction(async (tx) => {
    const { exists, version } = await lockResource(tx, actor, 'ai-models', id, { expected, sectors: input.sectors });
    const fields = { ...modelColumns(input), ...(sector !== undefined ? { sector } : {}) };
    const row = exists
      ? await tx.aiModel.update({ where: { id }, data: { ...fields, version: { increment: 1 } } })
      : await tx.aiModel.create({ data: { id, companyId: actor.companyId, ...fields, sector: sector ?? null, version: version + 1, apikeyEncrypted: null, apikeyMasked: null } });
    const problem = apikeyProblem(row.provider, row.apikeyEncrypted !== null);
    if (problem) throw invalidField('model.apikey', exists ? `${problem} (the model's current key is kept by a restore)` : `${problem} (a deleted model comes back without a key)`);
    await writeHistory(tx, actor, id, exists ? 'updated model' : 'created model', 'success', row.version);
    await writeVersion(tx, actor, row, 'restored', false);
    return toRecord(row);
  });
}

/** What uses an AI model: the agents naming it. */
export const dependents = agentsUsing((id) => ({ modelId: id }));

/** Deletes a model no agent uses (else 409 naming the agents); the deletion is the model's last version. */
export async function deleteModel(actor: Actor, id: string, expected?: number[]): Promise<{ id: string }> {
  try {
    return await transaction(async (tx) => {
      await lockResource(tx, actor, 'ai-models', id, { expected, mustExist: true });
      // The deletion is the model's last version, numbered after the change before it.
      const current = await tx.aiModel.update({ where: { id }, data: { version: { increment: 1 } } });
      await assertUnused(tx, 'ai-models', actor, id, dependents);
      await tx.aiModel.delete({ where: { id } });
      await writeHistory(tx, actor, id, 'deleted model', 'success', current.version);
      await writeVersion(tx, actor, current, 'deleted', false);
      return { id };
    });
  } catch (error) {
    // An agent created concurrently, after the check above.
    throw translatePrismaError(error, 'AI model');
  }
}

/** A stored row as the API answers it, key masked (bundle exports read rows through it too). */
export { toRecord as aiModelRecord };
