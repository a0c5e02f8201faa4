'use client';
// The tools' and knowledge bases' history (decision 057): every change of the kind in the
// company, newest first, read from their versions (GET /tools/history, /knowledge-bases/history)
// a page of 100 at a time ("Load more"). The same filters and timeline as the other sections;
// the filters apply to the records loaded so far, and each record says which version it made.
import { useMemo } from 'react';
import { Button } from '@/components/ui/Button';
import { useVersionedHistory, type VersionedHistoryKind } from '@/lib/client/history';
import { knowledgeBaseList, toolList } from '@/lib/client/resource-list';
import { consoleHref, kind as registryKind } from '@/lib/kinds';
import { HistorySection, type SectionResource } from './HistorySection';
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
  const more = history.hasNextPage;
  return (
    <HistorySection
      query={{ isPending: history.isPending, isError: history.isError && !history.data, error: history.error, refetch: history.refetch }}
      entries={entries}
      filters={filters}
      setFilters={setFilters}
      kinds={false}
      resource={resource}
      summary={(shown, total) => (
        <span aria-live="polite">
          {shown === total ? `${total} ${total === 1 ? 'record' : 'records'} loaded` : `${shown} of the ${total} records loaded match`}
          {more ? '; more are available.' : ' — the whole history.'}
        </span>
      )}
      moreHint={more ? 'Nothing loaded so far matches these filters; load more to search further.' : undefined}
      footer={
        more || history.isFetchingNextPage ? (
          <div className="timeline-more">
            <Button onClick={() => history.fetchNextPage()} pending={history.isFetchingNextPage}>
              Load more
            </Button>
            {history.isFetchNextPageError && (
              <span role="alert" className="field-error">
                Could not load more: {history.error?.message}
              </span>
            )}
          </div>
        ) : entries.length > 0 ? (
          <div className="timeline-more">End of the history</div>
        ) : null
      }
    />
  );
}
