// What uses a resource (decision 014), the half a kind's store needs: each store that can be used
// says what uses its resources (its `dependents`, read through lib/server/kinds for
// GET /api/{kind}/{id}/usage by ./usage), and refuses a delete while anything does (`assertUnused`:
// the 409 naming the dependents). One statement per answer whatever the number of dependents,
// confined to the caller's company.
import { ApiError } from '../errors';
import { kind as registryKind, kindOfRef } from '../kinds';
import type { Prisma } from '../generated/sqlite/client';
import type { Tx } from './db';
import { isLimited, visibleRow, type Scope } from './store';
import type { UsageItem, UsageKind } from '../schemas/usage';

/** A dependent with its sectors (decision 076: a limited caller is told only of those it sees). */
type Dependent = UsageItem & { sectors: unknown };

/** Everything that uses resource `id` (which must exist) of one kind, sorted by name then id. */
export type Dependents = (tx: Tx, companyId: string, id: string) => Promise<Dependent[]>;

/** How many dependents a 409 lists in `dependents`, and how many names its message spells out. */
const MAX_LISTED_DEPENDENTS = 50;
const MAX_NAMED_DEPENDENTS = 5;

export const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** A kind nothing uses (squads). */
export const usedByNothing: Dependents = async () => [];

/** The agents whose `where(id)` names resource `id`: what uses a tool, a knowledge base or an AI model. */
export const agentsUsing =
  (where: (id: string) => Prisma.AgentWhereInput): Dependents =>
  async (tx, companyId, id) =>
    (await tx.agent.findMany({ where: { companyId, ...where(id) }, select: { id: true, name: true, sectors: true } }))
      .sort(byNameThenId)
      .map((a) => ({ kind: 'agent', id: a.id, name: a.name, sectors: a.sectors }));

/** The dependents as answered: without their sectors. */
export const asItems = (dependents: Dependent[]): UsageItem[] => dependents.map(({ sectors: _sectors, ...item }) => item);

/**
 * The 409 of a delete refused because something uses the resource: the message names the first
 * few dependents ("… and 12 more"), `dependents` lists the first MAX_LISTED_DEPENDENTS.
 */
function inUse(kind: UsageKind, dependents: UsageItem[], hidden = 0): ApiError {
  const by = registryKind(kind).usedBy;
  const noun = by ? kindOfRef(by).singular : 'resource';
  const total = dependents.length + hidden;
  const names = dependents.slice(0, MAX_NAMED_DEPENDENTS).map((d) => `"${d.name}"`);
  const more = dependents.length - names.length;
  const parts = [...names, ...(more > 0 ? [`${more} more`] : []), ...(hidden > 0 ? [`${hidden} outside your sectors`] : [])];
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts.join('');
  const error = new ApiError(
    'conflict',
    `${registryKind(kind).title} is used by ${total} ${noun}${total === 1 ? '' : 's'}: ${list}; remove it from ${total === 1 ? 'that' : 'those'} first`,
  );
  error.dependents = dependents.slice(0, MAX_LISTED_DEPENDENTS).map(({ kind: k, id, name }) => ({ kind: k, id, name }));
  return error;
}

/**
 * In a delete's transaction: throws the 409 naming the dependents when anything uses the
 * resource; those a limited caller does not see are counted, never named (decision 076).
 */
export async function assertUnused(tx: Tx, kind: UsageKind, scope: Scope, id: string, dependents: Dependents): Promise<void> {
  const found = await dependents(tx, scope.companyId, id);
  if (!found.length) return;
  const shown = isLimited(scope) ? found.filter((d) => visibleRow(scope, d)) : found;
  throw inUse(kind, asItems(shown), found.length - shown.length);
}
