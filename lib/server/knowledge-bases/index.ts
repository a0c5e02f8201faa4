// Knowledge bases over Prisma (D9): every query is confined to the caller's company. A `file`
// base's bytes live in the file store (../files); `content` holds the stored file's name.
// Knowledge bases keep no history (the spec lists none) but do keep versions (decision 013).
import type { Readable } from 'node:stream';
import { ApiError, invalidField, notFound } from '../../errors';
import { knowledgeBaseRecord, type KnowledgeBaseInput, type KnowledgeBaseRecord } from '../../schemas/knowledge-base';
import type { Actor } from '../auth/tokens';
import { MAX_FILE_BYTES } from '../config';
import { db, transaction, type Tx } from '../db';
import { rethrowPrismaError } from '../prisma-errors';
import { agentsUsing, assertUnused } from '../dependents';
import { contentTypeFor, fileStore, newStoredName, removeStoredFile } from '../files';
import { receiveFile, uploadHeaders } from './upload';
import { recordVersion, versionRows, type VersionAction } from '../versions';
import { newId } from '../ids';
import { assertChanged, lockResource, unlessUnchanged, type Versioned } from '../concurrency';
import { assertWritable, insertRows, recordStore, visibleRow, type NewRow, type RowInsert, type Scope } from '../store';
import type { ListPage, PageRequest } from '../list-page';

type KnowledgeBaseRow = NonNullable<Awaited<ReturnType<typeof findRow>>>;

function findRow(tx: Tx, companyId: string, id: string) {
  return tx.knowledgeBase.findFirst({ where: { id, companyId } });
}

function toRecord(row: KnowledgeBaseRow): KnowledgeBaseRecord {
  return KNOWLEDGE_BASES.fromRow(row);
}

/** The stored file of a `file` base, if it has one (its name is the base's `content`). */
const storedFileOf = (row: { type: string; content: string }) => (row.type === 'file' && row.content ? row.content : null);

const filenameRequired = () => invalidField('filename', 'is required for type "file"');


/** The current states of knowledge bases `ids` (a bounded batch), for the first versions of lib/server/kinds/backfill. */
export async function statesForVersions(tx: Tx, ids: string[]): Promise<{ id: string; version: number; state: KnowledgeBaseRecord }[]> {
  return (await tx.knowledgeBase.findMany({ where: { id: { in: ids } } })).map((row) => ({ id: row.id, version: 1, state: toRecord(row) }));
}

/** The base's record (KnowledgeBaseRecord) as the store reads it: every field its own column (../store). */
const KNOWLEDGE_BASES = recordStore<KnowledgeBaseRecord>('KnowledgeBase', knowledgeBaseRecord);

/** GET /knowledge-bases: the company's bases as the JSON text of the list (one statement). */
export const listKnowledgeBasesJson = (scope: Scope, sector?: string): Promise<string> => KNOWLEDGE_BASES.listJson(scope, sector);
/** One page of that list (D13, ../list-page). */
export const listKnowledgeBasesPage = (scope: Scope, sector: string | undefined, page: PageRequest): Promise<ListPage> => KNOWLEDGE_BASES.listPage(scope, sector, page);


/** GET /knowledge-bases/{id}: the base's record as JSON text (../store), or 404. */
export async function getKnowledgeBaseJson(scope: Scope, id: string): Promise<string> {
  const json = await KNOWLEDGE_BASES.detailJson(scope, id);
  if (json === undefined) throw notFound('Knowledge base');
  return json;
}

/**
 * The rows that write a new base (decision 095): the base, its first version and that version's
 * event; the state is the row as written. A `file` base needs `filename`; its `content` stays
 * empty until a file is uploaded.
 */
export function knowledgeBaseRows(actor: Actor, input: KnowledgeBaseInput, { id = newId(), now = new Date() }: NewRow = {}): { id: string; rows: RowInsert[] } {
  const { knowledgeBase, filename } = input;
  if (knowledgeBase.type === 'file' && !filename) throw filenameRequired();
  const row: KnowledgeBaseRow = { id, companyId: actor.companyId, ...knowledgeBase, filename: filename ?? null, fileSize: null, createdAt: now, updatedAt: now };
  return {
    id,
    rows: [{ table: 'KnowledgeBase', row, json: ['sectors', 'tags'] }, ...versionRows(actor, 'knowledge-bases', id, 1, 'created', toRecord(row), now)],
  };
}

/** Creates a base and its first version in the caller's transaction. */
export async function createKnowledgeBaseInTx(tx: Tx, actor: Actor, input: KnowledgeBaseInput): Promise<{ id: string }> {
  const { id, rows } = knowledgeBaseRows(actor, input);
  assertWritable(actor, input.knowledgeBase.sectors);
  await insertRows(tx, rows);
  return { id };
}

export function createKnowledgeBase(actor: Actor, input: KnowledgeBaseInput): Promise<{ id: string }> {
  return transaction((tx) => createKnowledgeBaseInTx(tx, actor, input));
}

type RowChange = Partial<KnowledgeBaseInput['knowledgeBase']> & { content: string; filename: string | null; fileSize: number | null };

type Changed = { row: KnowledgeBaseRow; version: number; dropped: string | null };

/**
 * Applies `change` (computed from the stored row, may throw) to the locked base (../concurrency),
 * in the caller's transaction, with its version. Answers the updated row, its version and the
 * stored file it no longer points at (removed by the caller once the change is committed). An
 * `updated` change that changes nothing throws `Unchanged` (nothing is written).
 */
async function changeLocked(tx: Tx, actor: Actor, id: string, current: number, change: (stored: KnowledgeBaseRow) => RowChange, action: VersionAction): Promise<Changed> {
  const stored = (await findRow(tx, actor.companyId, id))!;
  const row = await tx.knowledgeBase.update({ where: { id }, data: change(stored) });
  if (action === 'updated') assertChanged(toRecord(stored), toRecord(row), current);
  const version = await recordVersion(tx, actor, 'knowledge-bases', id, action, toRecord(row));
  const previous = storedFileOf(stored);
  return { row, version, dropped: previous !== storedFileOf(row) ? previous : null };
}

/** A change of an existing base in its own transaction (`expected`: If-Match; `sectors`: the base's after the change, when it names them). */
function changeRow(actor: Actor, id: string, change: (stored: KnowledgeBaseRow) => RowChange, expected?: number[], sectors?: readonly string[]): Promise<Changed> {
  return transaction(async (tx) => {
    const { version } = await lockResource(tx, actor, 'knowledge-bases', id, { expected, mustExist: true, sectors });
    return changeLocked(tx, actor, id, version, change, 'updated');
  }).catch(rethrowPrismaError('Knowledge base'));
}

/** What a full replace writes, from the stored row (see replaceKnowledgeBase). */
function replacement(stored: KnowledgeBaseRow, input: KnowledgeBaseInput): RowChange {
  const { knowledgeBase, filename } = input;
  if (knowledgeBase.type !== 'file') return { ...knowledgeBase, filename: null, fileSize: null };
  if (stored.type === 'file' && (!filename || filename === stored.filename)) {
    return { ...knowledgeBase, content: stored.content, filename: stored.filename, fileSize: stored.fileSize };
  }
  if (!filename) throw filenameRequired();
  return { ...knowledgeBase, content: '', filename, fileSize: null };
}

/**
 * Restore (decision 013): an old version's fields (parsed with the knowledge-base schema) go
 * through the same rules as PUT. A `file` base keeps its current stored file when the version
 * names the same file; otherwise (another file, or a deleted base recreated with the same id) its
 * `content` is empty until a file is uploaded again: versions hold no file bytes.
 */
export async function restoreKnowledgeBase(actor: Actor, id: string, input: KnowledgeBaseInput, expected?: number[]): Promise<KnowledgeBaseRecord> {
  const { row, dropped } = await transaction(async (tx): Promise<Changed> => {
    const { exists, version } = await lockResource(tx, actor, 'knowledge-bases', id, { expected, sectors: input.knowledgeBase.sectors });
    if (exists) return changeLocked(tx, actor, id, version, (stored) => replacement(stored, input), 'restored');
    const { knowledgeBase, filename } = input;
    const fileFields = knowledgeBase.type === 'file' ? { content: '', filename: filename ?? null } : { filename: null };
    const created = await tx.knowledgeBase.create({ data: { id, companyId: actor.companyId, ...knowledgeBase, ...fileFields, fileSize: null } });
    return { row: created, version: await recordVersion(tx, actor, 'knowledge-bases', id, 'restored', toRecord(created)), dropped: null };
  }).catch(rethrowPrismaError('Knowledge base'));
  await removeStoredFile(actor.companyId, dropped);
  return toRecord(row);
}

/**
 * Full replace of the knowledge-base fields. A `file` base that stays `file` keeps its stored
 * file unless a different `filename` announces a new one (then the old bytes are dropped and
 * `content` is empty until the upload). Switching to `file` needs `filename`; switching away
 * drops the stored file. `expected` is If-Match; a replace that changes nothing writes nothing.
 */
export async function replaceKnowledgeBase(actor: Actor, id: string, input: KnowledgeBaseInput, expected?: number[]): Promise<Versioned<KnowledgeBaseRecord>> {
  return unlessUnchanged(
    async () => {
      const { row, version, dropped } = await changeRow(actor, id, (stored) => replacement(stored, input), expected, input.knowledgeBase.sectors);
      await removeStoredFile(actor.companyId, dropped);
      return { value: toRecord(row), version };
    },
    async () => JSON.parse(await getKnowledgeBaseJson(actor, id)) as KnowledgeBaseRecord,
  );
}

/** What uses a knowledge base: the agents naming it. */
export const dependents = agentsUsing((id) => ({ knowledgeBases: { some: { knowledgeBaseId: id } } }));

/** 409 while an agent uses the base; its stored file goes with it. */
export async function deleteKnowledgeBase(actor: Actor, id: string, expected?: number[]): Promise<{ id: string }> {
  const file = await transaction(async (tx) => {
    await lockResource(tx, actor, 'knowledge-bases', id, { expected, mustExist: true });
    await assertUnused(tx, 'knowledge-bases', actor, id, dependents);
    const stored = await tx.knowledgeBase.delete({ where: { id } });
    await recordVersion(tx, actor, 'knowledge-bases', id, 'deleted', toRecord(stored));
    return storedFileOf(stored);
  }).catch(rethrowPrismaError('Knowledge base'));
  await removeStoredFile(actor.companyId, file);
  return { id };
}

/**
 * PUT /knowledge-bases/{id}/file: streams the multipart field `file` to the file store, then
 * points the base at it (`content` = stored name, `filename` = the uploaded file's name when the
 * client gave one, `fileSize`). Only for `file` bases. The previous file, if any, is removed.
 * What the headers tell (415, 413) and the base's existence (404) and type (400) are checked
 * before a byte of the body is read: a refused upload costs no parsing and no disk (server.ts
 * closes the connection when the body is chunked; Node drains a body with a content-length).
 */
export async function uploadKnowledgeBaseFile(actor: Actor, id: string, req: Request): Promise<KnowledgeBaseRecord> {
  const { boundary } = uploadHeaders(req, MAX_FILE_BYTES);
  const before = await findRow(db(), actor.companyId, id);
  if (!before || !visibleRow(actor, before)) throw notFound('Knowledge base');
  assertWritable(actor, before.sectors);
  assertFileType(before);
  const store = await fileStore();
  const { staged, filename } = await receiveFile(
    req,
    boundary,
    (partName) => {
      const name = partName ?? before.filename;
      return store.stage(actor.companyId, newStoredName(name), contentTypeFor(name));
    },
    'file',
    MAX_FILE_BYTES,
  );
  try {
    await staged.keep();
    const content = staged.storedName;
    // The base may have changed or gone while the body arrived: changeRow checks it again.
    const { row, dropped } = await changeRow(actor, id, (current) => {
      assertFileType(current);
      return { content, filename: filename ?? current.filename, fileSize: staged.size };
    });
    await removeStoredFile(actor.companyId, dropped);
    return toRecord(row);
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

/**
 * GET /knowledge-bases/{id}/file: the stored file of a file base as a stream, with its size, the
 * name it was uploaded under and its type; 404 when the base is unknown (or another company's),
 * has no file yet, or the store no longer has it.
 */
export async function readKnowledgeBaseFile(scope: Scope, id: string): Promise<{ body: Readable; size: number; filename: string; contentType: string }> {
  const { companyId } = scope;
  const row = await db().knowledgeBase.findFirst({ where: { id, companyId }, select: { type: true, content: true, filename: true, sectors: true } });
  // A sector-limited caller meets a base outside its sectors as a 404, as every other read (D11).
  if (!row || !visibleRow(scope, row)) throw notFound('Knowledge base');
  const stored = storedFileOf(row);
  const file = stored ? await (await fileStore()).read(companyId, stored) : null;
  if (!file) throw new ApiError('not_found', 'This knowledge base has no file: upload one with PUT /api/knowledge-bases/{id}/file');
  const filename = row.filename || stored!;
  return { ...file, filename, contentType: contentTypeFor(filename) };
}

function assertFileType(row: KnowledgeBaseRow): void {
  if (row.type !== 'file') {
    throw invalidField('file', `this knowledge base has type "${row.type}"; only type "file" takes an uploaded file`);
  }
}

/** A stored row as the API answers it (bundle exports read rows through it too). */
export { toRecord as knowledgeBaseRecord };
