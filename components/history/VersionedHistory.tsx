'use client';
// The tools' and knowledge bases' history (decision 057): every change of the kind in the
// company, newest first, read from their versions (GET /tools/history, /knowledge-bases/history)
// a page of 100 at a time ("Load more"). The same filters and timeline as the other sections;
// the filters apply to the records loaded so far, and each record says which version it made.
import { useMemo } from 'react';
import { useVersionedHistory, type VersionedHistoryKind } from '@/lib/client/history';
import { knowledgeBaseList, toolList } from '@/lib/client/resource-list';
import { consoleHref, kind as registryKind } from '@/lib/kinds';
import { HistorySection, pagedSection, type SectionResource } from './HistorySection';
import type { TimelineEntry } from './Timeline';
import { useHistoryFilters } from './use-filters';

const SECTIONS = {
  tools: { param: 'toolId', list: toolList },
  'knowledge-bases': { param: 'knowledgeBaseId', list: knowledgeBaseList },
} as const;

export function VersionedHistory({ kind }: { kind: VersionedHistoryKind }) {
  const section = SECTIONS[kind];
  const def = registryKind(kind);
  const history = useVersionedHistory(kind);
  const list = section.list.useList();
  const { filters, setFilters } = useHistoryFilters(section.param);
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
