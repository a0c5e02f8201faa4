// The first version of every resource that has none (decision 013): resources written before
// versions existed get their current state as a version, numbered like their own counter (squads,
// AI models) or 1, dated at their last change, with the responsible "migration". Runs after the
// schema migrations (server start, npm run db:migrate); idempotent, in bounded batches, each batch
// one transaction, so an interrupted run resumes where it stopped. A start with nothing to add
// (every start after the first) runs one statement and loads none of the kinds' stores (decision 097).
import { db, transaction } from '../db';
import { prismaErrorCode } from '../prisma-errors';
import { Prisma } from '../prisma-values';
import { KINDS } from '../../kinds';

const BATCH = 500;

type Pending = { id: string; companyId: string };

/** The rows of `table` (resources of `kind`) that have no version yet. */
const withoutVersion = (kind: string, table: string) =>
  Prisma.sql`FROM ${Prisma.raw(`"${table}"`)} r WHERE NOT EXISTS (SELECT 1 FROM "ResourceVersion" v WHERE v."companyId" = r."companyId" AND v."kind" = ${kind} AND v."resourceId" = r."id")`;

/** Adds the missing first versions; answers how many were written. */
export async function backfillVersions(): Promise<number> {
  const anyMissing = Prisma.join(KINDS.map((k) => Prisma.sql`EXISTS (SELECT 1 ${withoutVersion(k.key, k.table)})`), ' OR ');
  if (!(await db().$queryRaw<unknown[]>`SELECT 1 AS "missing" WHERE ${anyMissing}`).length) return 0;
  const [{ KIND_STORES }, { MIGRATION_RESPONSIBLE }] = await Promise.all([import('./index'), import('../versions')]);
  let written = 0;
  // Every kind of the registry (each kind's versions stand alone: the order does not matter).
  for (const { key: kind, table } of KINDS) {
    const states = KIND_STORES[kind].statesForVersions;
    for (;;) {
      const pending = await db().$queryRaw<Pending[]>`
        SELECT r."id", r."companyId" ${withoutVersion(kind, table)}
        ORDER BY r."id" LIMIT ${BATCH}`;
      if (!pending.length) break;
      const byId = new Map(pending.map((p) => [p.id, p]));
      const batch = transaction(async (tx) => {
        const rows = (await states(tx, [...byId.keys()])).map(({ id, version, state }) => {
          const source = byId.get(id)!;
          const updatedAt = new Date(String((state as { updatedAt?: unknown }).updatedAt));
          return {
            companyId: source.companyId,
            kind,
            resourceId: id,
            version,
            action: version > 1 ? 'updated' : 'created',
            state: state as never,
            ...MIGRATION_RESPONSIBLE,
            date: Number.isNaN(updatedAt.getTime()) ? new Date() : updatedAt,
          };
        });
        const { count } = await tx.resourceVersion.createMany({ data: rows });
        return count;
      });
      try {
        written += await batch;
      } catch (error) {
        // Another instance starting at the same moment wrote some of them: the next round skips those.
        if (prismaErrorCode(error) !== 'P2002') throw error;
        continue;
      }
      if (pending.length < BATCH) break;
    }
  }
  return written;
}
