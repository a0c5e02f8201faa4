'use client';
// The tools list: search, sector and status filters, sortable columns, pages, an inline enable
// switch, edit and delete per row.
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
import { tools } from '@/lib/client/tools';
import type { ToolRecord } from '@/lib/schemas/tool';
import { KIND_LABELS, kindOf } from './tool-kinds';

export function ToolsList() {
  const list = tools.useList();
  const remove = tools.useDelete();
  const { state, update, toggleSort } = useListState({ sort: 'name' });

  const rows = list.data ?? [];
  const view = applyListState(rows, state, {
    name: (t) => t.name,
    sectors: (t) => t.sectors,
    enabled: (t) => t.enabled,
    sort: {
      name: (t) => t.name,
      kind: (t) => KIND_LABELS[kindOf(t)],
      publisher: (t) => t.publisher,
      updatedAt: (t) => t.updatedAt,
      enabled: (t) => t.enabled,
    },
  });

  const columns: Column<ToolRecord>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      primary: true,
      cell: (t) => (
        <Link className="cell-title" href={`/tools/${encodeURIComponent(t.id)}`}>
          {t.name}
        </Link>
      ),
    },
    { key: 'kind', header: 'Kind', sortable: true, cell: (t) => <Badge tone="accent">{KIND_LABELS[kindOf(t)]}</Badge> },
    { key: 'publisher', header: 'Publisher', sortable: true, cell: (t) => t.publisher },
    { key: 'sectors', header: 'Sectors', cell: (t) => <TagList items={t.sectors} /> },
    { key: 'environments', header: 'Environments', cell: (t) => <TagList items={t.environments} /> },
    { key: 'updatedAt', header: 'Updated', sortable: true, cell: (t) => <DateTime iso={t.updatedAt} /> },
    {
      key: 'enabled',
      header: 'Enabled',
      sortable: true,
      cell: (t) => <EnableSwitch id={t.id} name={t.name} enabled={t.enabled} useSetEnabled={tools.useSetEnabled} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      kind: 'actions',
      cell: (t) => (
        <span className="row" style={{ justifyContent: 'flex-end', gap: 4 }}>
          <ButtonLink size="sm" variant="ghost" href={`/tools/${encodeURIComponent(t.id)}/edit`} aria-label={`Edit tool ${t.name}`}>
            Edit
          </ButtonLink>
          <DeleteButton size="sm" id={t.id} name={t.name} noun="tool" mutation={remove} />
        </span>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title="Tools"
        description="Functions and services your agents can call: your own code, MCP servers and integrations."
        actions={
          <ButtonLink variant="primary" href="/tools/new">
            New tool
          </ButtonLink>
        }
      />
      <section className="card card-tight" aria-label="Tools">
        {list.isPending ? (
          <LoadingState label="Loading tools…" />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => list.refetch()} title="Could not load the tools" />
        ) : rows.length === 0 ? (
          <EmptyState
            title="No tools yet"
            icon="⚒"
            action={
              <ButtonLink variant="primary" href="/tools/new">
                Add your first tool
              </ButtonLink>
            }
          >
            A tool gives agents an ability: a function you write, an MCP server, a web search…
          </EmptyState>
        ) : (
          <>
            <ListToolbar state={state} update={update} sectors={sectorsOf(rows, (t) => t.sectors)} searchLabel="Search tools" />
            {view.total === 0 ? (
              <EmptyState title="No tool matches" icon="⌕">
                <span>
                  Nothing matches these filters.{' '}
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => update({ q: '', sector: '', enabled: 'all' })}>
                    Clear filters
                  </button>
                </span>
              </EmptyState>
            ) : (
              <ResourceTable caption="Tools" rows={view.rows} columns={columns} rowKey={(t) => t.id} sort={{ key: state.sort, dir: state.dir }} onSort={toggleSort} />
            )}
            <Pagination {...view} size={state.size} update={update} noun={view.total === 1 ? 'tool' : 'tools'} />
          </>
        )}
      </section>
      {rows.some((t) => !t.enabled) && state.enabled === 'all' && (
        <p className="muted small">
          <Badge>Disabled</Badge> tools stay configured but agents cannot call them.
        </p>
      )}
    </div>
  );
}
