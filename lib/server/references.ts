// D5: references (agent → model/tools/knowledge bases, squad → agents) must name existing
// resources of the caller's company; otherwise a 400 naming the field.
import { invalidFields, type FieldError } from '../api/errors';
import type { Tx } from './db';
import { Prisma } from './prisma-values';
import type { PostgresDirect } from './postgres-direct';
import type { SqliteDirect } from './sqlite-statements';

export type ReferenceKind = 'aiModel' | 'tool' | 'knowledgeBase' | 'agent';

const LABEL: Record<ReferenceKind, string> = {
  aiModel: 'AI model',
  tool: 'tool',
  knowledgeBase: 'knowledge base',
  agent: 'agent',
};

export type ReferenceCheck = { kind: ReferenceKind; path: string; id: string };

const TABLE: Record<ReferenceKind, string> = { aiModel: 'AiModel', tool: 'Tool', knowledgeBase: 'KnowledgeBase', agent: 'Agent' };

/**
 * The lookup of the ids among `checks` in the caller's company, every kind in one statement (a
 * UNION ALL of one indexed lookup per kind): one round trip, where a write checks its references.
 * The bound ids are the request's own references, bounded by the body's size. Undefined when
 * there is nothing to check.
 */
function referenceLookup(companyId: string, checks: ReferenceCheck[]) {
  const wanted = new Map<ReferenceKind, string[]>();
  for (const kind of Object.keys(LABEL) as ReferenceKind[]) {
    const ids = [...new Set(checks.filter((c) => c.kind === kind).map((c) => c.id))];
    if (ids.length) wanted.set(kind, ids);
  }
  if (!wanted.size) return undefined;
  const parts = [...wanted].map(
    ([kind, ids]) => Prisma.sql`SELECT ${Prisma.raw(`'${kind}'`)} AS "kind", "id" FROM ${Prisma.raw(`"${TABLE[kind]}"`)} WHERE "companyId" = ${companyId} AND "id" IN (${Prisma.join(ids)})`,
  );
  return { wanted, query: Prisma.join(parts, ' UNION ALL ') };
}

/** A 400 naming every field whose reference was not found. */
function reportMissing(wanted: Map<ReferenceKind, string[]>, checks: ReferenceCheck[], rows: { kind: string; id: string }[]): void {
  const found = new Set(rows.map((r) => `${r.kind}:${r.id}`));
  const errors: FieldError[] = [];
  for (const kind of wanted.keys()) {
    for (const check of checks.filter((c) => c.kind === kind)) {
      if (!found.has(`${kind}:${check.id}`)) errors.push({ path: check.path, message: `no ${LABEL[kind]} with id "${check.id}"` });
    }
  }
  if (errors.length) throw invalidFields(errors);
}

export async function assertReferences(tx: Tx, companyId: string, checks: ReferenceCheck[]): Promise<void> {
  const found = referenceLookup(companyId, checks);
  if (found) reportMissing(found.wanted, checks, await tx.$queryRaw<{ kind: string; id: string }[]>(found.query));
}

/** The same check through direct statements (./sqlite-statements, in its transaction; ./postgres-direct). */
export function assertReferencesDirect(direct: SqliteDirect, companyId: string, checks: ReferenceCheck[]): void;
export function assertReferencesDirect(direct: PostgresDirect, companyId: string, checks: ReferenceCheck[]): Promise<void>;
export function assertReferencesDirect(direct: SqliteDirect | PostgresDirect, companyId: string, checks: ReferenceCheck[]): void | Promise<void> {
  const found = referenceLookup(companyId, checks);
  if (!found) return;
  const rows = direct.all<{ kind: string; id: string }>(found.query);
  if (rows instanceof Promise) return rows.then((r) => reportMissing(found.wanted, checks, r));
  reportMissing(found.wanted, checks, rows);
}
