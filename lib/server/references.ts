// D5: references (agent → model/tools/knowledge bases, squad → agents) must name existing
// resources of the caller's company; otherwise a 400 naming the field. One check for every
// executor of the store (./store): the lookup of every kind's ids in one statement, or, on
// PostgreSQL's pool, the lookups of the writes of one turn of the event loop in one statement
// (one for whole-company callers, one for sector-limited ones).
import { invalidFields, type FieldError } from '../errors';
import { KINDS, kindOfRef, type RefKind } from '../kinds';
import { Prisma } from './prisma-values';
import { executor, isLimited, readRows, sectorFilter, type Executor, type Scope } from './store';
import { postgresSharesKeySectors } from './store/scope';
import { ReadBatch } from './store/read-batch';

/** The kinds a resource can refer to, named as lib/kinds names them (`ref`). */
export type ReferenceKind = Exclude<RefKind, 'squad'>;

export type ReferenceCheck = { kind: ReferenceKind; path: string; id: string };

const table = (kind: ReferenceKind) => Prisma.raw(`"${kindOfRef(kind).table}"`);
const REFERENCE_KINDS = KINDS.map((k) => k.ref).filter((ref): ref is ReferenceKind => ref !== 'squad');

type Row = { kind: string; id: string };

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

/**
 * The lookup of the ids among `checks` in the caller's scope (its company; for a sector-limited
 * caller the resources it sees, decision 076: a hidden one is as missing as another company's),
 * every kind in one statement (a UNION ALL of one indexed lookup per kind). The bound ids are the
 * request's own references, bounded by the body's size.
 */
function lookup(scope: Scope, wanted: Map<ReferenceKind, string[]>) {
  const parts = [...wanted].map(
    ([kind, ids]) =>
      Prisma.sql`SELECT ${Prisma.raw(`'${kind}'`)} AS "kind", "id" FROM ${table(kind)} a WHERE a."companyId" = ${scope.companyId} AND a."id" IN (${Prisma.join(ids)})${sectorFilter(scope, 'a."sectors"')}`,
  );
  return Prisma.join(parts, ' UNION ALL ');
}

/** A 400 naming every field whose reference was not found. */
function reportMissing(wanted: Map<ReferenceKind, string[]>, checks: ReferenceCheck[], rows: Row[]): void {
  const found = new Set(rows.map((r) => `${r.kind}:${r.id}`));
  const errors: FieldError[] = [];
  for (const kind of wanted.keys()) {
    for (const check of checks.filter((c) => c.kind === kind)) {
      if (!found.has(`${kind}:${check.id}`)) errors.push({ path: check.path, message: `no ${kindOfRef(kind).singular} with id "${check.id}"` });
    }
  }
  if (errors.length) throw invalidFields(errors);
}

/** A reference to look up: `sectors` the caller's as JSON text, '' for a whole-company caller. */
type Reference = { companyId: string; kind: ReferenceKind; id: string; sectors: string };
type Found = { company: string; kind: string; id: string; sectors?: string };

/**
 * PostgreSQL's pool: the references of the writes of one turn of the event loop, every company's,
 * looked up by one statement (each (company, kind, id) answered by its own row or none). The
 * `scoped` batch serves sector-limited callers (decision 076): each key carries its caller's
 * sectors and is found only if the resource shares one (decision 087: in the batch, not a
 * statement of its own); whole-company callers keep the statement without the condition.
 */
function referenceBatch(scoped: boolean): ReadBatch<Reference, Found> {
  const sectors = scoped ? ` AND ${postgresSharesKeySectors('r."sectors"', 'k."sectors"')}` : '';
  const exists = Prisma.join(
    REFERENCE_KINDS.map(
      (kind) =>
        Prisma.sql`(k."kind" = ${Prisma.raw(`'${kind}'`)} AND EXISTS (SELECT 1 FROM ${table(kind)} r WHERE r."id" = k."id" AND r."companyId" = k."company"${Prisma.raw(sectors)}))`,
    ),
    ' OR ',
  );
  return new ReadBatch<Reference, Found>(
    (refs) => {
      const columns = [refs.map((r) => r.companyId), refs.map((r) => r.kind), refs.map((r) => r.id)];
      const query = scoped
        ? Prisma.sql`SELECT k."company", k."kind", k."id", k."sectors"
            FROM unnest(${columns[0]}::text[], ${columns[1]}::text[], ${columns[2]}::text[], ${refs.map((r) => r.sectors)}::text[]) AS k("company", "kind", "id", "sectors")
            WHERE ${exists}`
        : Prisma.sql`SELECT k."company", k."kind", k."id"
            FROM unnest(${columns[0]}::text[], ${columns[1]}::text[], ${columns[2]}::text[]) AS k("company", "kind", "id")
            WHERE ${exists}`;
      return readRows<Found>(executor(), query, scoped ? 'scoped-reference-batch' : 'reference-batch');
    },
    (ref) => `${ref.companyId} ${ref.kind} ${ref.id}\u0000${ref.sectors}`,
    (row) => `${row.company} ${row.kind} ${row.id}\u0000${row.sectors ?? ''}`,
  );
}

const wholeCompanyReferences = referenceBatch(false);
const scopedReferences = referenceBatch(true);

/**
 * Throws the 400 naming every reference of `checks` that is not a resource of the company, on
 * `exec`: synchronously on SQLite's direct transaction (a WriteCheck of ./store).
 */
export function assertReferences(exec: Executor, scope: Scope, checks: ReferenceCheck[]): void | Promise<void> {
  const wanted = wantedIds(checks);
  if (!wanted.size) return;
  const { companyId } = scope;
  switch (exec.via) {
    case 'sqlite':
      return reportMissing(wanted, checks, exec.sqlite.all<Row>(lookup(scope, wanted)));
    case 'postgres': {
      // A sector-limited caller's references go in the turn's batch too, with its sectors.
      const limited = isLimited(scope);
      const sectors = limited ? JSON.stringify(scope.sectors) : '';
      const batch = limited ? scopedReferences : wholeCompanyReferences;
      const refs = [...wanted].flatMap(([kind, ids]) => ids.map((id) => ({ companyId, kind, id, sectors })));
      return Promise.all(refs.map((ref) => batch.get(ref))).then((rows) =>
        reportMissing(wanted, checks, rows.filter((row): row is Found => row !== undefined)),
      );
    }
    case 'prisma':
      return readRows<Row>(exec, lookup(scope, wanted)).then((rows) => reportMissing(wanted, checks, rows));
  }
}
