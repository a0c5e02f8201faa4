// The first version of every resource that has none (decision 013): resources written before
// versions existed get their current state as a version, numbered like their own counter (squads,
// AI models) or 1, dated at their last change, with the responsible "migration". Runs after the
// schema migrations (server start, npm run db:migrate); idempotent, in bounded batches, each batch
// one transaction, so an interrupted run resumes where it stopped.
import { statesForVersions as agentStates } from '../agents';
import { statesForVersions as modelStates } from '../ai-models';
import { db, transaction, type Tx } from '../db';
import { statesForVersions as knowledgeBaseStates } from '../knowledge-bases';
import { prismaErrorCode } from '../prisma-errors';
import { Prisma } from '../prisma-values';
import { statesForVersions as squadStates } from '../squads';
import { statesForVersions as toolStates } from '../tools';
import { MIGRATION_RESPONSIBLE, type VersionKind } from './index';

const BATCH = 500;

type States = (tx: Tx, ids: string[]) => Promise<{ id: string; version: number; state: object }[]>;

const SOURCES: { kind: VersionKind; table: string; states: States }[] = [
  { kind: 'ai-models', table: 'AiModel', states: modelStates },
  { kind: 'tools', table: 'Tool', states: toolStates },
  { kind: 'knowledge-bases', table: 'KnowledgeBase', states: knowledgeBaseStates },
  { kind: 'agents', table: 'Agent', states: agentStates },
  { kind: 'squads', table: 'Squad', states: squadStates },
];

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
