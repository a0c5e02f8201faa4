'use client';
// What a history section read in pages with the API's cursor adds to HistorySection.
import { Button } from '@/components/ui/Button';
import type { SectionProps } from './HistorySection';

type PagedHistory = {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/**
 * The props of a section read in pages with the API's cursor (the AI models', the tools' and
 * knowledge bases'): how much is loaded and whether more is, and "Load more" under the timeline.
 * `loaded`: the records of the pages loaded so far.
 */
export function pagedSection(history: PagedHistory, loaded: number): Pick<SectionProps, 'query' | 'summary' | 'moreHint' | 'footer'> {
  const more = history.hasNextPage;
  return {
    query: { isPending: history.isPending, isError: history.isError && !history.data, error: history.error, refetch: history.refetch },
    summary: (shown, total) => (
      <span aria-live="polite">
        {shown === total ? `${total} ${total === 1 ? 'record' : 'records'} loaded` : `${shown} of the ${total} records loaded match`}
        {more ? '; more are available.' : ' — the whole history.'}
      </span>
    ),
    moreHint: more ? 'Nothing loaded so far matches these filters; load more to search further.' : undefined,
    footer:
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
      ) : loaded > 0 ? (
        <div className="timeline-more">End of the history</div>
      ) : null,
  };
}
