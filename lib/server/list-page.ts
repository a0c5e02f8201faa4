// D13: the opt-in pages of the lists (decision 040). Every list is ordered by (createdAt, id), a
// unique order, so a page is a keyset read: the rows after the last one sent, in that order. The
// cursor names that row's place, not an offset, so rows inserted or deleted between two page
// reads never make a page repeat or skip one of the rows that existed throughout. The cursor is
// opaque to clients: base64url of `[createdAt, id]`.
import { invalidField } from '../errors';

/** Where a page starts: after the row with this (createdAt, id). */
export type ListCursor = { createdAt: Date; id: string };

/** A page asked for: at most `limit` rows, after `after` (from the start when absent). */
export type PageRequest = { limit: number; after?: ListCursor };

/** A page as the database wrote it: the JSON array of its items, and the cursor of the next page (null on the last). */
export type ListPage = { json: string; next: string | null };

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const notACursor = () => invalidField('last', 'is not a cursor from a previous "next" link');

export function encodeListCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

/** The cursor in `last`; anything not written by encodeListCursor is a 400 naming `last`. */
export function decodeListCursor(last: string): ListCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(last, 'base64url').toString('utf8'));
  } catch {
    throw notACursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw notACursor();
  const [createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || !ISO_MS.test(createdAt) || typeof id !== 'string' || !id || id.length > 200 || id.includes('\u0000')) {
    throw notACursor();
  }
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== createdAt) throw notACursor();
  return { createdAt: date, id };
}

/** The page a list's validated query asks for, or undefined without `limit` (the whole list). */
export function pageRequest(query: { limit?: number; last?: string }): PageRequest | undefined {
  if (query.limit === undefined) return undefined;
  return { limit: query.limit, after: query.last ? decodeListCursor(query.last) : undefined };
}
