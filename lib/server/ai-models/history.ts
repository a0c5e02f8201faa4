// D10: paged AI model history. Keyset pagination on (sort value, seq): `seq` is the insertion
// order and breaks ties, so a page never repeats or skips a record even while new ones are
// written between reads. The cursor is opaque: base64url of [field, direction, value, seq].
import { invalidField, notFound } from '../../api/errors';
import type { Prisma } from '../../generated/sqlite/client';
import type { AiModelHistoryPage, HistoryField, HistoryQuery } from '../../schemas/ai-model';
import { hasSector } from '../../schemas/common';
import { db } from '../db';

type Direction = 'asc' | 'desc';
type HistoryRow = Awaited<ReturnType<ReturnType<typeof db>['aiModelHistory']['findFirstOrThrow']>>;
type Cursor = { value: string | number; seq: number };

const badCursor = (why: string) => invalidField('last', why);

function encodeCursor(field: HistoryField, direction: Direction, row: HistoryRow): string {
  return Buffer.from(JSON.stringify([field, direction, sortValue(row, field), row.seq])).toString('base64url');
}

function decodeCursor(last: string, field: HistoryField, direction: Direction): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(last, 'base64url').toString('utf8'));
  } catch {
    throw badCursor('is not a cursor from a previous "next"');
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw badCursor('is not a cursor from a previous "next"');
  const [cursorField, cursorDirection, value, seq] = parsed as unknown[];
  if (cursorField !== field || cursorDirection !== direction) {
    throw badCursor(`was issued for field "${String(cursorField)}" and direction "${String(cursorDirection)}"; send the same field and direction`);
  }
  const validValue =
    field === 'versionControl'
      ? Number.isSafeInteger(value)
      : field === 'date'
        ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
        : typeof value === 'string';
  if (!validValue || !Number.isSafeInteger(seq) || (seq as number) < 1) throw badCursor('is not a cursor from a previous "next"');
  return { value: value as string | number, seq: seq as number };
}

function sortValue(row: HistoryRow, field: HistoryField): string | number {
  if (field === 'date') return row.date.toISOString();
  if (field === 'versionControl') return row.versionNumber;
  return row[field];
}

const beyond = <T>(direction: Direction, value: T) => (direction === 'asc' ? { gt: value } : { lt: value });

/** Rows strictly after the cursor in (value, seq) order. */
function afterCursor(field: HistoryField, direction: Direction, { value, seq }: Cursor): Prisma.AiModelHistoryWhereInput {
  const tie = { seq: beyond(direction, seq) };
  switch (field) {
    case 'date': {
      const date = new Date(value);
      return { OR: [{ date: beyond(direction, date) }, { date, ...tie }] };
    }
    case 'versionControl':
      return { OR: [{ versionNumber: beyond(direction, value as number) }, { versionNumber: value as number, ...tie }] };
    default:
      return { OR: [{ [field]: beyond(direction, value as string) }, { [field]: value as string, ...tie }] };
  }
}

function orderBy(field: HistoryField, direction: Direction): Prisma.AiModelHistoryOrderByWithRelationInput[] {
  const column = field === 'versionControl' ? 'versionNumber' : field;
  return [{ [column]: direction }, { seq: direction }];
}

/** Ids of the company's models whose sectors include `sector` (a deleted model's sectors are gone). */
async function modelIdsInSector(companyId: string, sector: string): Promise<string[]> {
  const models = await db().aiModel.findMany({ where: { companyId }, select: { id: true, sectors: true } });
  return models.filter((m) => hasSector(m, sector)).map((m) => m.id);
}

export type HistoryScope = { modelId?: string; sector?: string };

/** One page of the company's model history (or of one model's history). */
export async function modelHistoryPage(companyId: string, query: HistoryQuery, scope: HistoryScope = {}): Promise<AiModelHistoryPage> {
  const { field, direction, limit } = query;
  const cursor = query.last ? decodeCursor(query.last, field, direction) : undefined;
  if (scope.modelId) await assertHistoryExists(companyId, scope.modelId);
  const where: Prisma.AiModelHistoryWhereInput[] = [{ companyId }];
  if (scope.modelId) where.push({ modelId: scope.modelId });
  else if (scope.sector) where.push({ modelId: { in: await modelIdsInSector(companyId, scope.sector) } });
  if (cursor) where.push(afterCursor(field, direction, cursor));
  const rows = await db().aiModelHistory.findMany({ where: { AND: where }, orderBy: orderBy(field, direction), take: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      modelId: r.modelId,
      responsible: r.responsible,
      responsibleId: r.responsibleId,
      action: r.action,
      type: r.type,
      date: r.date.toISOString(),
      versionControl: r.versionControl,
    })),
    next: rows.length > limit ? encodeCursor(field, direction, page[page.length - 1]) : '',
  };
}

/** A model's history is readable while the model exists or records of it remain (a deleted model's too). */
async function assertHistoryExists(companyId: string, modelId: string): Promise<void> {
  const [model, record] = await Promise.all([
    db().aiModel.findFirst({ where: { id: modelId, companyId }, select: { id: true } }),
    db().aiModelHistory.findFirst({ where: { modelId, companyId }, select: { seq: true } }),
  ]);
  if (!model && !record) throw notFound('AI model');
}
