'use client';
// The agents' history: every agent change of the company (GET /agents/history), newest first.
// Agent records carry no kind, so none is shown.
import { useMemo } from 'react';
import { useAgentHistory } from '@/lib/client/history';
import { agentList as agents } from '@/lib/client/resource-list';
import type { TimelineEntry } from './Timeline';
import { HistorySection } from './HistorySection';
import { useHistoryFilters } from './use-filters';

export function AgentHistory() {
  const history = useAgentHistory();
  const list = agents.useList();
  const { filters, setFilters } = useHistoryFilters('agentId');
  const entries = useMemo<TimelineEntry[]>(
    () =>
      (history.data ?? []).map((r) => ({ id: r.id, resourceId: r.agentId, action: r.action, responsible: r.responsible, responsibleId: r.responsibleId, date: r.timestamp })),
    [history.data],
  );
  return (
    <HistorySection
      query={history}
      entries={entries}
      filters={filters}
      setFilters={setFilters}
      kinds={false}
      resource={{ noun: 'Agent', plural: 'agents', records: list, href: (id) => `/agents/${encodeURIComponent(id)}` }}
    />
  );
}
