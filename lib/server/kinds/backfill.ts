// The first version of every resource that has none (decision 013): resources written before
// versions existed get their current state as a version, numbered like their own counter (squads,
// AI models) or 1, dated at their last change, with the responsible "migration". Runs after the
// schema migrations (server start, npm run db:migrate); idempotent, in bounded batches, each batch
// one transaction, so an interrupted run resumes where it stopped.
import { db, transaction } from '../db';
import { prismaErrorCode } from '../prisma-errors';
import { Prisma } from '../prisma-values';
import { MIGRATION_RESPONSIBLE } from '../versions';
import { KINDS } from '../../kinds';
import { KIND_STORES } from './index';

const BATCH = 500;

/** Every kind of the registry (each kind's versions stand alone: the order does not matter). */
const SOURCES = KINDS.map((k) => ({ kind: k.key, table: k.table, states: KIND_STORES[k.key].statesForVersions }));

type Pending = { id: string; companyId: string };

/** Adds the missing first versions; answers how many were written. */
export async function backfillVersions(): Promise<number> {
  let written = 0;
  for (const { kind, table, states } of SOURCES) {
    for (;;) {
      const pending = await db().$queryRaw<Pending[]>`
        SELECT r."id", r."companyId" FROM ${Prisma.raw(`"${table}"`)} r
        WHERE NOT EXISTS (SELECT 1 FROM "ResourceVersion" v WHERE v."companyId" = r."companyId" AND v."kind" = ${kind} AND v."resourceId" = r."id")
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
