'use client';
// The squads list: search, sector and status filters, sortable columns, pages, an inline
// enable switch, and per row the designer, edit and delete.
import Link from 'next/link';
import { Badge, TagList } from '@/components/ui/Badge';
import { Can } from '@/components/ui/Can';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { DateTime } from '@/components/ui/DateTime';
import { EnableSwitch } from '@/components/ui/EnableSwitch';
import { ListBody, rowActionsColumn } from '@/components/ui/ListBody';
import { PageHeader } from '@/components/ui/PageHeader';
import type { Column } from '@/components/ui/ResourceTable';
import { EmptyState } from '@/components/ui/States';
import { applyListState, useListState, usePagedRows } from '@/lib/client/list';
import { squadList as squads } from '@/lib/client/resource-list';
import type { SquadRecord } from '@/lib/schemas/squad';
import { ORDER_INFO } from './labels';

export function SquadsList() {
  const { list, more } = usePagedRows(squads.usePagedList());
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
        <Link className="cell-title" title={s.name} prefetch={false} href={`/squads/${encodeURIComponent(s.id)}`}>
          {s.name}
        </Link>
      ),
    },
    { key: 'order', header: 'Order', sortable: true, cell: (s) => ORDER_INFO[s.order]?.label ?? s.order },
    { key: 'tasks', header: 'Tasks', sortable: true, kind: 'num', cell: (s) => s.tasks.length },
    { key: 'sectors', header: 'Sectors', cell: (s) => <TagList items={s.sectors} max={3} /> },
    { key: 'updatedAt', header: 'Updated', sortable: true, cell: (s) => <DateTime iso={s.updatedAt} /> },
    {
      key: 'enabled',
      header: 'Enabled',
      sortable: true,
      cell: (s) => <EnableSwitch kind="squads" id={s.id} name={s.name} enabled={s.enabled} useSetEnabled={squads.useSetEnabled} />,
    },
    rowActionsColumn<SquadRecord>({
      noun: 'squad',
      basePath: '/squads',
      remove,
      extra: (s) => (
        <ButtonLink size="sm" variant="ghost" prefetch={false} href={`/squads/${encodeURIComponent(s.id)}/designer`} aria-label={`Open the designer of squad ${s.name}`}>
          Designer
        </ButtonLink>
      ),
    }),
  ];

  return (
    <div className="page">
      <PageHeader
        title="Squads"
        description="Groups of tasks, each run by one of your agents, in order or under a supervisor."
        actions={
          <>
            <Can kind="squads" verb="create">
              <ButtonLink href="/squads/import">Import bundle</ButtonLink>
            </Can>
            <Can kind="squads" verb="create">
              <ButtonLink variant="primary" href="/squads/new">
                New squad
              </ButtonLink>
            </Can>
          </>
        }
      />
      <ListBody
        title="Squads"
        nouns={['squad', 'squads']}
        list={list}
        more={more}
        view={view}
        columns={columns}
        sectors={(s) => s.sectors}
        state={state}
        update={update}
        toggleSort={toggleSort}
        empty={
          <EmptyState
            title="No squads yet"
            icon="⬡"
            action={
              <Can kind="squads" verb="create">
                <ButtonLink variant="primary" href="/squads/new">
                  Create your first squad
                </ButtonLink>
              </Can>
            }
          >
            A squad puts agents to work together: each task is run by one agent, in an order you design.
          </EmptyState>
        }
      />
      {rows.some((s) => !s.enabled) && state.enabled === 'all' && (
        <p className="muted small">
          <Badge>Disabled</Badge> squads keep their design but cannot be run.
        </p>
      )}
    </div>
  );
}
