'use client';
// The body of every resource list page: loading, error, the first-use empty state, the filters,
// the no-match state, the table and the pager. A page passes only what differs: its nouns,
// columns, sectors and first-use empty state. Also the row actions column (edit, delete).
import { Icon } from '@/components/ui/icons';
import type { MutationView, QueryView } from '@/lib/client/query-hub';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Can } from '@/components/ui/Can';
import { DeleteButton } from '@/components/ui/DeleteButton';
import { ListToolbar, Pagination } from '@/components/ui/ListControls';
import { ResourceTable, type Column } from '@/components/ui/ResourceTable';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { applyListState, sectorsOf, type MoreRows, type useListState } from '@/lib/client/list';
import { Button } from '@/components/ui/Button';
import { KINDS, type KindKey } from '@/lib/kinds';

const usageKindOf = (basePath: string): KindKey | undefined => KINDS.find((kind) => `/${kind.key}` === basePath)?.key;

type ListControls = ReturnType<typeof useListState>;
type Row = { id: string; name: string };

type Props<T extends Row> = ListControls & {
  /** Plural title, as in the page header: "Agents", "AI models". */
  title: string;
  /** Short nouns for counts and the no-match state: ['agent', 'agents'], ['model', 'models']. */
  nouns: [one: string, many: string];
  list: QueryView<T[]>;
  view: ReturnType<typeof applyListState<T>>;
  columns: Column<T>[];
  sectors: (row: T) => string[];
  /** Shown while the company has none yet. */
  empty: ReactNode;
  /** A list read in pages (more than 1,000 of a kind, D13): offers the next page. */
  more?: MoreRows;
};

export function ListBody<T extends Row>({ title, nouns, list, view, columns, sectors, empty, more, state, update, toggleSort }: Props<T>) {
  const plural = title.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
  const rows = list.data ?? [];
  return (
    <section className="card card-tight" aria-label={title}>
      {list.isPending ? (
        <LoadingState label={`Loading ${plural}…`} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} title={`Could not load the ${plural}`} />
      ) : rows.length === 0 ? (
        empty
      ) : (
        <>
          <ListToolbar state={state} update={update} sectors={sectorsOf(rows, sectors)} searchLabel={`Search ${plural}`} />
          {view.total === 0 ? (
            <EmptyState title={`No ${nouns[0]} matches`} icon={<Icon name="search" />}>
              <span>
                Nothing matches these filters.{' '}
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => update({ q: '', sector: '', enabled: 'all' })}>
                  Clear filters
                </button>
              </span>
            </EmptyState>
          ) : (
            <ResourceTable caption={title} rows={view.rows} columns={columns} rowKey={(r) => r.id} sort={{ key: state.sort, dir: state.dir }} onSort={toggleSort} />
          )}
          <Pagination {...view} size={state.size} update={update} noun={view.total === 1 ? nouns[0] : nouns[1]} />
          {more?.hasMore && <MoreBar more={more} loaded={rows.length} noun={nouns[1]} />}
        </>
      )}
    </section>
  );
}

/** Under a list with more pages on the server: how many are loaded, and the next page on request. */
function MoreBar({ more, loaded, noun }: { more: MoreRows; loaded: number; noun: string }) {
  return (
    <div className="pagination" role="status" aria-live="polite">
      <span className="small">
        The first {loaded.toLocaleString('en')} {noun} are loaded; search, filters and sorting apply to these.
        {more.failed && ' Loading more failed.'}
      </span>
      <span className="spacer" />
      <Button size="sm" onClick={more.loadMore} disabled={more.loading}>
        {more.loading ? 'Loading…' : more.failed ? 'Try again' : `Load more ${noun}`}
      </Button>
    </div>
  );
}

/**
 * The last column of a list: Edit (`<basePath>/<id>/edit`) and Delete with confirmation, after any
 * `extra` links. The delete dialog shows what uses the row (the console's paths are the API's).
 */
export function rowActionsColumn<T extends Row>(options: {
  noun: string;
  basePath: string;
  remove: MutationView<string>;
  extra?: (row: T) => ReactNode;
}): Column<T> {
  const { noun, basePath, remove, extra } = options;
  const kind = usageKindOf(basePath);
  const edit = (row: T) => (
    <ButtonLink size="sm" variant="ghost" prefetch={false} href={`${basePath}/${encodeURIComponent(row.id)}/edit`} aria-label={`Edit ${noun} ${row.name}`}>
      Edit
    </ButtonLink>
  );
  const del = (row: T) => <DeleteButton size="sm" id={row.id} name={row.name} noun={noun} mutation={remove} usageKind={kind} />;
  return {
    key: 'actions',
    header: 'Actions',
    kind: 'actions',
    cell: (row) => (
      <span className="row" style={{ justifyContent: 'flex-end', gap: 4 }}>
        {extra?.(row)}
        {kind ? (
          <>
            <Can kind={kind} verb="update">
              {edit(row)}
            </Can>
            <Can kind={kind} verb="delete">
              {del(row)}
            </Can>
          </>
        ) : (
          <>
            {edit(row)}
            {del(row)}
          </>
        )}
      </span>
    ),
  };
}
