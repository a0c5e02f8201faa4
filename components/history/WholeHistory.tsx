'use client';
// The agents' and squads' history: every change of the kind in the company (GET /agents/history,
// /squads/history), read whole and filtered here, so every filter offers every choice; newest
// first. Squad records carry their kind (success, fail for a refused change, neutral for
// enable/disable); agent records carry none, so none is shown.
import { useMemo } from 'react';
import type { QueryView } from '@/lib/client/query-hub';
import { useAgentHistory, useSquadHistory } from '@/lib/client/history';
import { KIND_LISTS } from '@/lib/client/kinds';
import { consoleHref, kind as registryKind } from '@/lib/kinds';
import type { AgentHistoryRecord } from '@/lib/schemas/agent';
import type { SquadHistoryRecord } from '@/lib/schemas/squad';
import { HistorySection } from './HistorySection';
import type { TimelineEntry } from './Timeline';
import { useHistoryFilters } from './use-filters';

type Props<R> = {
  kind: 'agents' | 'squads';
  /** The address's parameter naming one resource. */
  param: string;
  history: QueryView<R[]>;
  records: QueryView<Array<{ id: string; name: string }>>;
  /** Module-level (stable): the timeline's entry of a record. */
  entry: (record: R) => TimelineEntry;
};

function WholeHistory<R>({ kind, param, history, records, entry }: Props<R>) {
  const def = registryKind(kind);
  const { filters, setFilters } = useHistoryFilters(param);
  const entries = useMemo(() => (history.data ?? []).map(entry), [history.data, entry]);
  return (
    <HistorySection
      query={history}
      entries={entries}
      filters={filters}
      setFilters={setFilters}
      kinds={kind === 'squads'}
      resource={{ noun: def.title, plural: def.plural, records, href: (id) => consoleHref(def, id) }}
    />
  );
}

const agentEntry = (r: AgentHistoryRecord): TimelineEntry => ({ id: r.id, resourceId: r.agentId, action: r.action, responsible: r.responsible, responsibleId: r.responsibleId, date: r.timestamp });

const squadEntry = (r: SquadHistoryRecord): TimelineEntry => ({
  id: r.id,
  resourceId: r.squadId,
  action: r.action,
  responsible: r.responsible,
  responsibleId: r.responsibleId,
  date: r.date,
  kind: r.type,
});

export function AgentHistory() {
  return <WholeHistory kind="agents" param="agentId" history={useAgentHistory()} records={KIND_LISTS.agents.useList()} entry={agentEntry} />;
}

export function SquadHistory() {
  return <WholeHistory kind="squads" param="squadId" history={useSquadHistory()} records={KIND_LISTS.squads.useList()} entry={squadEntry} />;
}
