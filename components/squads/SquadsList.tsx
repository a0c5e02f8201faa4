'use client';
// The squads list: search, sector and status filters, sortable columns, pages, an inline
// enable switch, and per row the designer, edit and delete.
import Link from 'next/link';
import { Badge, TagList } from '@/components/ui/Badge';
import { ButtonLink } from '@/components/ui/Button';
import { DateTime } from '@/components/ui/DateTime';
import { DeleteButton } from '@/components/ui/DeleteButton';
import { EnableSwitch } from '@/components/ui/EnableSwitch';
import { ListToolbar, Pagination } from '@/components/ui/ListControls';
import { PageHeader } from '@/components/ui/PageHeader';
import { ResourceTable, type Column } from '@/components/ui/ResourceTable';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { applyListState, sectorsOf, useListState } from '@/lib/client/list';
import { squads } from '@/lib/client/squads';
import type { SquadRecord } from '@/lib/schemas/squad';
import { ORDER_INFO } from './labels';

export function SquadsList() {
  const list = squads.useList();
  const remove = squads.useDelete();
  const { state, update, toggleSort } = useListState({ sort: 'name' });

  const rows = list.data ?? [];
  const view = applyListState(rows, state, {
    name: (s) => s.name,
    sectors: (s) => s.sectors,
    enabled: (s) => s.enabled,
    sort: {
      name: (s) => s.name,
      order: (s) => s.order,
      tasks: (s) => s.tasks.length,
      updatedAt: (s) => s.updatedAt,
      enabled: (s) => s.enabled,
    },
  });

  const columns: Column<SquadRecord>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      primary: true,
      cell: (s) => (
        <Link className="cell-title" href={`/squads/${encodeURIComponent(s.id)}`}>
          {s.name}
        </Link>
      ),
    },
    { key: 'order', header: 'Order', sortable: true, cell: (s) => ORDER_INFO[s.order]?.label ?? s.order },
    { key: 'tasks', header: 'Tasks', sortable: true, kind: 'num', cell: (s) => s.tasks.length },
    { key: 'sectors', header: 'Sectors', cell: (s) => <TagList items={s.sectors} /> },
    { key: 'updatedAt', header: 'Updated', sortable: true, cell: (s) => <DateTime iso={s.updatedAt} /> },
    {
      key: 'enabled',
      header: 'Enabled',
      sortable: true,
      cell: (s) => <EnableSwitch id={s.id} name={s.name} enabled={s.enabled} useSetEnabled={squads.useSetEnabled} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      kind: 'actions',
      cell: (s) => (
        <span className="row" style={{ justifyContent: 'flex-end', gap: 4 }}>
          <ButtonLink size="sm" variant="ghost" href={`/squads/${encodeURIComponent(s.id)}/designer`} aria-label={`Open the designer of squad ${s.name}`}>
            Designer
          </ButtonLink>
          <ButtonLink size="sm" variant="ghost" href={`/squads/${encodeURIComponent(s.id)}/edit`} aria-label={`Edit squad ${s.name}`}>
            Edit
          </ButtonLink>
          <DeleteButton size="sm" id={s.id} name={s.name} noun="squad" mutation={remove} />
        </span>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title="Squads"
        description="Groups of tasks, each run by one of your agents, in order or under a supervisor."
        actions={
          <ButtonLink variant="primary" href="/squads/new">
            New squad
          </ButtonLink>
        }
      />
      <section className="card card-tight" aria-label="Squads">
        {list.isPending ? (
          <LoadingState label="Loading squads…" />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => list.refetch()} title="Could not load the squads" />
        ) : rows.length === 0 ? (
          <EmptyState
            title="No squads yet"
            icon="⬡"
            action={
              <ButtonLink variant="primary" href="/squads/new">
                Create your first squad
              </ButtonLink>
            }
          >
            A squad puts agents to work together: each task is run by one agent, in an order you design.
          </EmptyState>
        ) : (
          <>
            <ListToolbar state={state} update={update} sectors={sectorsOf(rows, (s) => s.sectors)} searchLabel="Search squads" />
            {view.total === 0 ? (
              <EmptyState title="No squad matches" icon="⌕">
                <span>
                  Nothing matches these filters.{' '}
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => update({ q: '', sector: '', enabled: 'all' })}>
                    Clear filters
                  </button>
                </span>
              </EmptyState>
            ) : (
              <ResourceTable caption="Squads" rows={view.rows} columns={columns} rowKey={(s) => s.id} sort={{ key: state.sort, dir: state.dir }} onSort={toggleSort} />
            )}
            <Pagination {...view} size={state.size} update={update} noun={view.total === 1 ? 'squad' : 'squads'} />
          </>
        )}
      </section>
      {rows.some((s) => !s.enabled) && state.enabled === 'all' && (
        <p className="muted small">
          <Badge>Disabled</Badge> squads keep their design but cannot be run.
        </p>
      )}
    </div>
  );
}
