// D5: references (agent → model/tools/knowledge bases, squad → agents) must name existing
// resources of the caller's company; otherwise a 400 naming the field.
import { invalidFields, type FieldError } from '../errors';
import { KINDS, kindOfRef, type RefKind } from '../kinds';
import { db, type Tx } from './db';
import { Prisma } from './prisma-values';
import { postgresDirect } from './postgres-direct';
import { ReadBatch } from './read-batch';
import type { SqliteDirect } from './sqlite-statements';

/** The kinds a resource can refer to, named as lib/kinds names them (`ref`). */
export type ReferenceKind = Exclude<RefKind, 'squad'>;

export type ReferenceCheck = { kind: ReferenceKind; path: string; id: string };

const table = (kind: ReferenceKind) => kindOfRef(kind).table;
const REFERENCE_KINDS = KINDS.map((k) => k.ref).filter((ref): ref is ReferenceKind => ref !== 'squad');

/**
 * The lookup of the ids among `checks` in the caller's company, every kind in one statement (a
 * UNION ALL of one indexed lookup per kind): one round trip, where a write checks its references.
 * The bound ids are the request's own references, bounded by the body's size. Undefined when
 * there is nothing to check.
 */
function referenceLookup(companyId: string, checks: ReferenceCheck[]) {
  const wanted = wantedIds(checks);
  if (!wanted.size) return undefined;
  const parts = [...wanted].map(
    ([kind, ids]) => Prisma.sql`SELECT ${Prisma.raw(`'${kind}'`)} AS "kind", "id" FROM ${Prisma.raw(`"${table(kind)}"`)} WHERE "companyId" = ${companyId} AND "id" IN (${Prisma.join(ids)})`,
  );
  return { wanted, query: Prisma.join(parts, ' UNION ALL ') };
}

/** The distinct ids `checks` name, by kind (kinds in the order the checks first name them). */
function wantedIds(checks: ReferenceCheck[]): Map<ReferenceKind, string[]> {
  const wanted = new Map<ReferenceKind, Set<string>>();
  for (const check of checks) {
    let ids = wanted.get(check.kind);
    if (!ids) wanted.set(check.kind, (ids = new Set()));
    ids.add(check.id);
  }
  return new Map([...wanted].map(([kind, ids]) => [kind, [...ids]]));
}

/** A 400 naming every field whose reference was not found. */
function reportMissing(wanted: Map<ReferenceKind, string[]>, checks: ReferenceCheck[], rows: { kind: string; id: string }[]): void {
  const found = new Set(rows.map((r) => `${r.kind}:${r.id}`));
  const errors: FieldError[] = [];
  for (const kind of wanted.keys()) {
    for (const check of checks.filter((c) => c.kind === kind)) {
      if (!found.has(`${kind}:${check.id}`)) errors.push({ path: check.path, message: `no ${kindOfRef(kind).singular} with id "${check.id}"` });
    }
  }
  if (errors.length) throw invalidFields(errors);
}

export async function assertReferences(tx: Tx, companyId: string, checks: ReferenceCheck[]): Promise<void> {
  const found = referenceLookup(companyId, checks);
  if (found) reportMissing(found.wanted, checks, await tx.$queryRaw<{ kind: string; id: string }[]>(found.query));
}

/** The same check through SQLite's direct statements (./sqlite-statements, in its transaction). */
export function assertReferencesDirect(direct: SqliteDirect, companyId: string, checks: ReferenceCheck[]): void {
  const found = referenceLookup(companyId, checks);
  if (found) reportMissing(found.wanted, checks, direct.all<{ kind: string; id: string }>(found.query));
}

type Reference = { companyId: string; kind: ReferenceKind; id: string };
type Found = { company: string; kind: string; id: string };

/**
 * PostgreSQL: the references of the writes of one turn of the event loop, every company's, looked
 * up by one statement (a ReadBatch: each (company, kind, id) answered by its own row or none).
 */
const referenceBatch = new ReadBatch<Reference, Found>(
  (refs) => {
    const exists = REFERENCE_KINDS.map(
      (kind) =>
        Prisma.sql`(k."kind" = ${Prisma.raw(`'${kind}'`)} AND EXISTS (SELECT 1 FROM ${Prisma.raw(`"${table(kind)}"`)} r WHERE r."id" = k."id" AND r."companyId" = k."company"))`,
    );
    const query = Prisma.sql`SELECT k."company", k."kind", k."id"
      FROM unnest(${refs.map((r) => r.companyId)}::text[], ${refs.map((r) => r.kind)}::text[], ${refs.map((r) => r.id)}::text[]) AS k("company", "kind", "id")
      WHERE ${Prisma.join(exists, ' OR ')}`;
    const postgres = postgresDirect();
    return postgres ? postgres.all<Found>(query, 'reference-batch') : db().$queryRaw<Found[]>(query);
  },
  (ref) => `${ref.companyId} ${ref.kind} ${ref.id}`,
  (row) => `${row.company} ${row.kind} ${row.id}`,
);

/** The check on PostgreSQL, sharing its statement with the other writes of the same moment. */
export async function assertReferencesBatched(companyId: string, checks: ReferenceCheck[]): Promise<void> {
  const wanted = wantedIds(checks);
  const refs = [...wanted].flatMap(([kind, ids]) => ids.map((id) => ({ companyId, kind, id })));
  const rows = await Promise.all(refs.map((ref) => referenceBatch.get(ref)));
  reportMissing(wanted, checks, rows.filter((row): row is Found => row !== undefined));
}
