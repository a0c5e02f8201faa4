// Reading the activity (D12): GET /api/activity's pages, its streamed CSV and JSON Lines exports,
// and the retention job. Newest first, keyset-paged on the event's insertion order (`seq`), so a
// page never repeats or skips an event while others are written. Scoped to the caller's company
// and, for a sector-limited caller, to the events of its sectors (decision 074).
import { ApiError } from '../errors';
import { ACTIVITY_CSV_COLUMNS, type ActivityItem, type ActivityPage, type ActivityQuery } from '../schemas/activity';
import type { Actor } from './actor';
import { db } from './db';
import { describeUnexpectedError } from './prisma-errors';
import { Prisma } from './prisma-values';
import { isLimited, sharesSector } from './store/scope';
import { jsonArrayEmpty } from './store/sql';
import { decodeCursor, encodeCursor } from './versions';

type EventRow = {
  seq: number | bigint;
  id: string;
  at: Date;
  actorKind: string;
  actorId: string | null;
  actorName: string;
  action: string;
  kind: string | null;
  resourceId: string | null;
  resourceName: string | null;
  version: number | bigint | null;
  address: string | null;
  userAgent: string | null;
};

const COLUMNS = Prisma.raw(
  ['seq', 'id', 'at', 'actorKind', 'actorId', 'actorName', 'action', 'kind', 'resourceId', 'resourceName', 'version', 'address', 'userAgent'].map((c) => `"${c}"`).join(', '),
);

/**
 * What a caller may see: its company's events; a sector-limited caller, those whose sectors share
 * one of its own, plus the events without sectors (security events) that it made itself.
 */
function visibleTo(actor: Actor): Prisma.Sql {
  const company = Prisma.sql`"companyId" = ${actor.companyId}`;
  if (!isLimited(actor)) return company;
  const own = Prisma.sql`${jsonArrayEmpty(Prisma.raw('"sectors"'))} AND "actorKind" = ${actor.kind} AND "actorId" = ${actor.id}`;
  return Prisma.sql`${company} AND (${sharesSector('"sectors"', actor.sectors)} OR (${own}))`;
}

/** The WHERE clause of a query: visibility, then D12's filters, then the keyset (`seq` below `before`). */
function whereOf(actor: Actor, query: ActivityQuery, before?: number): Prisma.Sql {
  const parts = [visibleTo(actor)];
  if (query.actor !== undefined) parts.push(Prisma.sql`"actorId" = ${query.actor}`);
  if (query.actorKind !== undefined) parts.push(Prisma.sql`"actorKind" = ${query.actorKind}`);
  if (query.kind !== undefined) parts.push(Prisma.sql`"kind" = ${query.kind}`);
  if (query.resource !== undefined) parts.push(Prisma.sql`"resourceId" = ${query.resource}`);
  if (query.action !== undefined) parts.push(Prisma.sql`"action" = ${query.action}`);
  if (query.from !== undefined) parts.push(Prisma.sql`"at" >= ${query.from}`);
  if (query.to !== undefined) parts.push(Prisma.sql`"at" < ${query.to}`);
  if (before !== undefined) parts.push(Prisma.sql`"seq" < ${before}`);
  return Prisma.join(parts, ' AND ');
}

function readEvents(actor: Actor, query: ActivityQuery, take: number, before?: number): Promise<EventRow[]> {
  return db().$queryRaw<EventRow[]>`SELECT ${COLUMNS} FROM "ActivityEvent" WHERE ${whereOf(actor, query, before)} ORDER BY "seq" DESC LIMIT ${take}`;
}

/** An event as D12 answers it: the optional fields it lacks are left out. */
function toItem(row: EventRow): ActivityItem {
  const item: ActivityItem = {
    id: row.id,
    at: row.at.toISOString(),
    actor: { kind: row.actorKind as ActivityItem['actor']['kind'], id: row.actorId, name: row.actorName },
    action: row.action,
  };
  if (row.kind !== null) item.kind = row.kind;
  if (row.resourceId !== null) item.resourceId = row.resourceId;
  if (row.resourceName !== null) item.resourceName = row.resourceName;
  if (row.version !== null) item.version = Number(row.version);
  if (row.address !== null) item.address = row.address;
  if (row.userAgent !== null) item.userAgent = row.userAgent;
  return item;
}

/** GET /api/activity: one page, newest first; `next` "" on the last page. */
export async function listActivity(actor: Actor, query: ActivityQuery): Promise<ActivityPage> {
  const before = query.last ? decodeCursor(query.last, 'a') : undefined;
  const rows = await readEvents(actor, query, query.limit + 1, before);
  const page = rows.slice(0, query.limit);
  return { items: page.map(toItem), next: rows.length > query.limit ? encodeCursor(Number(page[page.length - 1].seq), 'a') : '' };
}

// --- export ------------------------------------------------------------------------------------

/** Events read per query of an export: its memory is one batch, whatever the number of events. */
const EXPORT_BATCH = 1000;

/**
 * A CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A text starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'` so that a spreadsheet never
 * runs it as a formula (CSV injection; decision 074).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(item: ActivityItem): string {
  const { actor, ...rest } = item;
  const cells = new Map<string, string | number | null | undefined>(Object.entries({ ...rest, actorKind: actor.kind, actorId: actor.id, actorName: actor.name }));
  return `${ACTIVITY_CSV_COLUMNS.map((column) => csvCell(cells.get(column))).join(',')}\r\n`;
}

export type ExportFormat = 'csv' | 'jsonl';

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson; charset=utf-8' };

/**
 * Every event the query matches (no paging), as a stream: one batch is read from the database each
 * time the reader asks for more (`pull`, so a slow client holds back the reads), each batch below
 * the previous one's last `seq`. Memory stays at one batch for any number of events.
 */
export function exportActivity(actor: Actor, query: ActivityQuery, format: ExportFormat): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = format === 'csv' ? csvLine : (item: ActivityItem) => `${JSON.stringify(item)}\n`;
  let before: number | undefined;
  let header = format === 'csv' ? `${ACTIVITY_CSV_COLUMNS.join(',')}\r\n` : '';
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let rows: EventRow[];
        try {
          rows = await readEvents(actor, query, EXPORT_BATCH, before);
        } catch (error) {
          // The answer has begun (200): cut it short, so the client sees an incomplete download; log without request data.
          console.error('[activity] export failed:', describeUnexpectedError(error));
          controller.error(new Error('the activity export failed'));
          return;
        }
        const text = header + rows.map((row) => line(toItem(row))).join('');
        header = '';
        if (rows.length) before = Number(rows[rows.length - 1].seq);
        if (text) controller.enqueue(encoder.encode(text));
        if (rows.length < EXPORT_BATCH) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}

// --- retention -----------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

/** The company's retention: days events are kept, null for ever. */
export async function activityRetention(companyId: string): Promise<{ retentionDays: number | null }> {
  const company = await db().company.findUnique({ where: { id: companyId }, select: { activityRetentionDays: true } });
  return { retentionDays: company?.activityRetentionDays ?? null };
}

/** Sets the retention (PUT /api/activity/settings) and removes what it no longer keeps at once. */
export async function setActivityRetention(actor: Actor, retentionDays: number | null): Promise<{ retentionDays: number | null }> {
  // Retention is the whole company's: a caller limited to some sectors would remove other sectors' events.
  if (actor.sectors.length) throw new ApiError('forbidden', 'The activity retention is the whole company\'s setting: a caller limited to sectors cannot change it');
  await db().company.update({ where: { id: actor.companyId }, data: { activityRetentionDays: retentionDays } });
  await removeExpiredActivity(new Date(), actor.companyId);
  return { retentionDays };
}

/**
 * The retention job (server.ts: at start and daily): removes each company's events older than its
 * `activityRetentionDays` (companies without one keep theirs for ever). Answers how many went.
 */
export async function removeExpiredActivity(now = new Date(), companyId?: string): Promise<number> {
  const companies = await db().company.findMany({
    where: { activityRetentionDays: { not: null }, ...(companyId ? { id: companyId } : {}) },
    select: { id: true, activityRetentionDays: true },
  });
  let removed = 0;
  for (const company of companies) {
    const cutoff = new Date(now.getTime() - company.activityRetentionDays! * DAY_MS);
    removed += (await db().activityEvent.deleteMany({ where: { companyId: company.id, at: { lt: cutoff } } })).count;
  }
  return removed;
}
