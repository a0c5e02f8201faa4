'use client';
// The squads' history: every squad change of the company (GET /squads/history), newest first,
// with its kind (success, fail for a refused change, neutral for enable/disable).
import { useMemo } from 'react';
import { useSquadHistory } from '@/lib/client/history';
import { squadList as squads } from '@/lib/client/resource-list';
import type { TimelineEntry } from './Timeline';
import { HistorySection } from './HistorySection';
import { useHistoryFilters } from './use-filters';

export function SquadHistory() {
  // The whole history is read once and filtered here, so every filter offers every choice.
  const history = useSquadHistory();
  const list = squads.useList();
  const { filters, setFilters } = useHistoryFilters('squadId');
  const entries = useMemo<TimelineEntry[]>(
    () =>
      (history.data ?? []).map((r) => ({ id: r.id, resourceId: r.squadId, action: r.action, responsible: r.responsible, responsibleId: r.responsibleId, date: r.date, kind: r.type })),
    [history.data],
  );
  return (
    <HistorySection
      query={history}
      entries={entries}
      filters={filters}
      setFilters={setFilters}
      resource={{ noun: 'Squad', plural: 'squads', records: list, href: (id) => `/squads/${encodeURIComponent(id)}` }}
    />
  );
}
