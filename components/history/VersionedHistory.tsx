'use client';
// The history of a kind read from its versions — tools, knowledge bases (decision 057): every
// change of the kind in the company, newest first (GET /tools/history, /knowledge-bases/history)
// a page of 100 at a time ("Load more"). The same filters and timeline as the other sections;
// the filters apply to the records loaded so far, and each record says which version it made.
import { useMemo } from 'react';
import { useVersionedHistory } from '@/lib/client/history';
import { KIND_LISTS } from '@/lib/client/kinds';
import { consoleHref, kind as registryKind, type KindKey } from '@/lib/kinds';
import { HistorySection, type SectionResource } from './HistorySection';
import { pagedSection } from './paged-section';
import type { TimelineEntry } from './Timeline';
import { useHistoryFilters } from './use-filters';

export function VersionedHistory({ kind }: { kind: KindKey }) {
  const def = registryKind(kind);
  const history = useVersionedHistory(kind);
  const list = KIND_LISTS[kind].useList();
  // The address's parameter naming one resource: `toolId`, `knowledgeBaseId`.
  const { filters, setFilters } = useHistoryFilters(`${def.ref}Id`);
  const noun = def.singular;
  const entries = useMemo<TimelineEntry[]>(
    () =>
      (history.data?.pages ?? []).flatMap((page) =>
        page.items.map((r) => ({
          id: r.id,
          resourceId: r.resourceId,
          action: `${r.action} ${noun}`,
          responsible: r.responsible,
          responsibleId: r.responsibleId,
          date: r.date,
          version: `v${r.version}`,
        })),
      ),
    [history.data, noun],
  );
  const resource: SectionResource = { noun: def.title, plural: def.plural, records: list, href: (id) => consoleHref(def, id) };
  return (
    <HistorySection
      {...pagedSection(history, entries.length)}
      entries={entries}
      filters={filters}
      setFilters={setFilters}
      kinds={false}
      resource={resource}
    />
  );
}
