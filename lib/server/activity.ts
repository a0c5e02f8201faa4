// Activity (D12): who did what. One row per resource change (written in the change's own
// transaction, beside its version) and per security event, with the actor and the request's
// address and user agent (from the request context server.ts sets; a command-line actor has none).
import type { ActivityAction } from '../schemas/activity';
import type { Actor } from './actor';
import type { Tx } from './db';
import { requestContext } from './request-context';
import { insertSql, type RowInsert } from './store/sql';
import { newId } from './ids';

/** Who an event names: a member, an API key, or the command line (`system`); `id` null for a failed sign-in. */
export type ActivityActor = { kind: 'user' | 'apiKey' | 'system'; id: string | null; name: string };

export type ActivityEventInput = {
  companyId: string;
  actor: ActivityActor;
  /** A version's action for a resource change, else one of D12's security events (lib/schemas/activity). */
  action: ActivityAction;
  kind?: string;
  resourceId?: string;
  resourceName?: string;
  version?: number;
  /** The resource's sectors, so that a sector-limited reader sees only its own events. */
  sectors?: string[];
  at?: Date;
};

/** The command line (`npm run company:*`, `npm run user`): D12's `system` actor. */
export const COMMAND_LINE: ActivityActor = { kind: 'system', id: null, name: 'command line' };

export const activityActorOf = (actor: Actor): ActivityActor => ({ kind: actor.kind, id: actor.id, name: actor.name });

/** One event as a row to insert (./store/sql `insertStatements`: for writes that batch theirs, decision 026). */
export function activityRow(event: ActivityEventInput): RowInsert {
  const context = requestContext.getStore();
  return {
    table: 'ActivityEvent',
    row: {
      id: newId(),
      companyId: event.companyId,
      at: event.at ?? new Date(),
      actorKind: event.actor.kind,
      actorId: event.actor.id,
      actorName: event.actor.name,
      action: event.action,
      kind: event.kind ?? null,
      resourceId: event.resourceId ?? null,
      resourceName: event.resourceName ?? null,
      version: event.version ?? null,
      sectors: event.sectors ?? null,
      address: context?.remoteAddress ?? null,
      userAgent: context?.userAgent ?? null,
    },
    json: ['sectors'],
  };
}

/** The INSERT of one event (a plain statement, for writes that batch theirs, decision 026). */
export function activityInsert(event: ActivityEventInput) {
  const { table, row, json } = activityRow(event);
  return insertSql(table, [row], json);
}

/** Records one event in the caller's transaction (or on its own with the client). */
export async function recordActivity(tx: Tx, event: ActivityEventInput): Promise<void> {
  await tx.$executeRaw(activityInsert(event));
}
