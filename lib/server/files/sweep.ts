// The sweep of the file store (decision 043): a stored file that no knowledge base points at
// (a crash between the database write and the file's removal, or between a completed upload and
// its database write) and what uploads cut short left behind, once older than SWEEP_AGE_MS.
// The age bound keeps the sweep away from uploads under way, on this instance or another one
// sharing the store. Run at start and every hour (server.ts).
import { db } from '../db';
import type { FileStore } from './types';

/** Older than this, a file no knowledge base points at is an orphan (an upload's file is pointed at within its request). */
export const SWEEP_AGE_MS = 60 * 60 * 1000;

export type SweepResult = { orphans: number; unfinished: number; kept: number };

/** The stored names the company's file bases point at. */
async function referencedNames(companyId: string): Promise<Set<string>> {
  const rows = await db().knowledgeBase.findMany({ where: { companyId, type: 'file' }, select: { content: true } });
  return new Set(rows.map((r) => r.content).filter(Boolean));
}

export async function sweepFileStore(store: FileStore, options: { now?: Date; minAgeMs?: number } = {}): Promise<SweepResult> {
  const before = new Date((options.now ?? new Date()).getTime() - (options.minAgeMs ?? SWEEP_AGE_MS));
  const result: SweepResult = { orphans: 0, unfinished: await store.removeUnfinished(before), kept: 0 };
  // The store lists company by company: one query of references per company.
  let company: string | null = null;
  let referenced = new Set<string>();
  for await (const entry of store.list()) {
    if (entry.modifiedAt >= before) continue;
    if (entry.companyId !== company) {
      company = entry.companyId;
      referenced = await referencedNames(company);
    }
    if (referenced.has(entry.storedName)) {
      result.kept++;
      continue;
    }
    await store.remove(entry.companyId, entry.storedName);
    result.orphans++;
  }
  return result;
}
