'use client';
// One history section: its filters, then the timeline, with the loading, empty, error and
// "nothing matches" states. The resource's current names come from its list.
import { Icon } from '@/components/ui/icons';
import type { QueryView } from '@/lib/client/query-hub';
import { useMemo, type ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { applyFilters, HistoryFilters, responsibleOptions, type FilterValues, type Option } from './HistoryFilters';
import { Timeline, type ResourceInfo, type TimelineEntry } from './Timeline';

type Named = { id: string; name: string };

export type SectionResource = {
  /** "Agent" */
  noun: string;
  /** "agents" */
  plural: string;
  records: QueryView<Named[]>;
  href: (id: string) => string;
};

export type SectionProps = {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  entries: TimelineEntry[];
  filters: FilterValues;
  setFilters: (patch: Partial<FilterValues>) => void;
  resource: SectionResource;
  kinds?: boolean;
  /** More toolbar controls (the model history's sorting). */
  controls?: ReactNode;
  /** Under the timeline (the model history's "Load more"). */
  footer?: ReactNode;
  /** Said above the timeline, e.g. that filters apply to the records loaded so far. */
  summary?: (shown: number, total: number) => ReactNode;
  /** Said when nothing matches but more pages exist. */
  moreHint?: ReactNode;
};

export function HistorySection({ query, entries, filters, setFilters, resource, kinds = true, controls, footer, summary, moreHint }: SectionProps) {
  const names = useMemo(() => new Map((resource.records.data ?? []).map((r) => [r.id, r.name])), [resource.records.data]);
  const info: ResourceInfo = {
    noun: resource.noun,
    nameOf: (id) => names.get(id),
    href: resource.href,
    loading: resource.records.isPending,
  };
  const resources = useMemo<Option[]>(() => {
    const options = new Map<string, string>();
    for (const r of resource.records.data ?? []) options.set(r.id, r.name);
    for (const e of entries) if (!options.has(e.resourceId)) options.set(e.resourceId, `${e.resourceId} (deleted)`);
    if (filters.resource && !options.has(filters.resource)) options.set(filters.resource, filters.resource);
    return [...options].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [resource.records.data, entries, filters.resource]);
  const shown = useMemo(() => applyFilters(entries, filters), [entries, filters]);
  const filtered = Boolean(filters.resource || filters.responsible || filters.kind || filters.action);
  const label = `${resource.noun} history`;

  return (
    <section className="card card-tight" aria-label={label}>
      <HistoryFilters
        values={filters}
        update={setFilters}
        resourceLabel={resource.noun}
        resources={resources}
        responsibles={responsibleOptions(entries, filters.responsible)}
        kinds={kinds}
      >
        {controls}
      </HistoryFilters>
      {query.isPending ? (
        <LoadingState label="Loading the history…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} title="Could not load the history" />
      ) : entries.length === 0 ? (
        <EmptyState title="No changes recorded yet" icon="↺">
          Every change to your {resource.plural} will be listed here: who made it, what changed and when.
        </EmptyState>
      ) : (
        <>
          {summary && <p className="history-summary">{summary(shown.length, entries.length)}</p>}
          {shown.length === 0 ? (
            <EmptyState title="No record matches" icon={<Icon name="search" />}>
              <span>
                {moreHint ?? 'Nothing matches these filters.'}{' '}
                {filtered && (
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => setFilters({ resource: '', responsible: '', kind: '', action: '' })}>
                    Clear filters
                  </button>
                )}
              </span>
            </EmptyState>
          ) : (
            <Timeline entries={shown} resource={info} label={label} />
          )}
        </>
      )}
      {!query.isPending && !query.isError && footer}
    </section>
  );
}
