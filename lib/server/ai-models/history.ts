// D10: paged AI model history. Keyset pagination on (sort value, seq): `seq` is the insertion
// order and breaks ties, so a page never repeats or skips a record even while new ones are
// written between reads. The cursor is opaque: base64url of [field, direction, value, seq].
// One SQL query per page. It is raw SQL because of the sector filter: history rows keep no
// relation to their model (they outlive it), and matching the models' sectors inside the query
// is what keeps a sector of any size from becoming a list of bound model ids (../relations).
import { invalidField, notFound } from '../../errors';
import { Prisma } from '../prisma-values';
import type { AiModelHistoryPage, AiModelHistoryRecord, HistoryField, HistoryQuery } from '../../schemas/ai-model';
import { db } from '../db';
import { jsonArrayHas } from '../store/sql';
import { assertVisible, resourceFilter, type Scope } from '../store/scope';

type Direction = 'asc' | 'desc';
/** A history row as the page query reads it: the record's fields, its date as a Date, and the sort keys. */
type HistoryRow = Omit<AiModelHistoryRecord, 'date'> & { seq: number; date: Date; versionNumber: number };
type Cursor = { value: string | number; seq: number };

const badCursor = (why: string) => invalidField('last', why);
/** `seq` and `versionNumber` are 32-bit columns: a larger number cannot come from a real cursor (and PostgreSQL would refuse it). */
const isInt32 = (value: unknown): boolean => Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647;

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
      ? isInt32(value)
      : field === 'date'
        ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
        : typeof value === 'string' && !value.includes('\u0000');
  if (!validValue || !isInt32(seq) || (seq as number) < 1) throw badCursor('is not a cursor from a previous "next"');
  return { value: value as string | number, seq: seq as number };
}

function sortValue(row: HistoryRow, field: HistoryField): string | number {
  if (field === 'date') return row.date.toISOString();
  if (field === 'versionControl') return row.versionNumber;
  return row[field];
}

/** The column each sort field orders by (`versionControl` by its number). */
const COLUMN: Record<HistoryField, Prisma.Sql> = {
  date: Prisma.raw('h."date"'),
  action: Prisma.raw('h."action"'),
  responsible: Prisma.raw('h."responsible"'),
  type: Prisma.raw('h."type"'),
  versionControl: Prisma.raw('h."versionNumber"'),
};

/** Rows strictly after the cursor in (value, seq) order. */
function afterCursor(field: HistoryField, direction: Direction, { value, seq }: Cursor): Prisma.Sql {
  const column = COLUMN[field];
  const beyond = Prisma.raw(direction === 'asc' ? '>' : '<');
  const bound = field === 'date' ? new Date(value) : value;
  return Prisma.sql`(${column} ${beyond} ${bound} OR (${column} = ${bound} AND h."seq" ${beyond} ${seq}))`;
}

export type HistoryScope = { modelId?: string; sector?: string };

/** One page of the company's model history (or of one model's history): a sector-limited caller's leaves out the models it does not see (decision 076). */
export async function modelHistoryPage(caller: Scope, query: HistoryQuery, scope: HistoryScope = {}): Promise<AiModelHistoryPage> {
  const { companyId } = caller;
  const { field, direction, limit } = query;
  const cursor = query.last ? decodeCursor(query.last, field, direction) : undefined;
  if (scope.modelId) await assertHistoryExists(companyId, scope.modelId);
  if (scope.modelId) await assertVisible(caller, 'ai-models', scope.modelId);
  const where = [Prisma.sql`h."companyId" = ${companyId}${resourceFilter(caller, 'ai-models', Prisma.raw('h."modelId"'))}`];
  if (scope.modelId) where.push(Prisma.sql`h."modelId" = ${scope.modelId}`);
  else if (scope.sector) {
    // The company's current models whose sectors include it (a deleted model's sectors are gone).
    where.push(Prisma.sql`h."modelId" IN (SELECT m."id" FROM "AiModel" m WHERE m."companyId" = ${companyId} AND ${jsonArrayHas(Prisma.raw('m."sectors"'), scope.sector)})`);
  }
  if (cursor) where.push(afterCursor(field, direction, cursor));
  const order = Prisma.raw(direction === 'asc' ? 'ASC' : 'DESC');
  const rows = await db().$queryRaw<HistoryRow[]>`
    SELECT h."seq", h."id", h."modelId", h."responsible", h."responsibleId", h."action", h."type", h."date", h."versionControl", h."versionNumber"
    FROM "AiModelHistory" h
    WHERE ${Prisma.join(where, ' AND ')}
    ORDER BY ${COLUMN[field]} ${order}, h."seq" ${order}
    LIMIT ${limit + 1}`;
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
