'use client';
// The tools list: search, sector and status filters, sortable columns, pages, an inline enable
// switch, edit and delete per row.
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
import { toolList as tools } from '@/lib/client/resource-list';
import type { ToolRecord } from '@/lib/schemas/tool';
import { KIND_LABELS, kindOf } from './tool-kinds';
import { Truncate } from '@/components/ui/Truncate';

export function ToolsList() {
  const { list, more } = usePagedRows(tools.usePagedList());
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
      // The publisher goes under the name: one column fewer keeps the table within the page.
      cell: (t) => (
        <span className="cell-lines">
          <Link className="cell-title" title={t.name} prefetch={false} href={`/tools/${encodeURIComponent(t.id)}`}>
            {t.name}
          </Link>
          <Truncate className="muted small" text={`by ${t.publisher}`} />
        </span>
      ),
    },
    { key: 'kind', header: 'Kind', sortable: true, cell: (t) => <Badge tone="accent">{KIND_LABELS[kindOf(t)]}</Badge> },
    { key: 'sectors', header: 'Sectors', cell: (t) => <TagList items={t.sectors} max={3} /> },
    { key: 'environments', header: 'Environments', cell: (t) => <TagList items={t.environments} max={3} /> },
    { key: 'updatedAt', header: 'Updated', sortable: true, cell: (t) => <DateTime iso={t.updatedAt} /> },
    {
      key: 'enabled',
      header: 'Enabled',
      sortable: true,
      cell: (t) => <EnableSwitch kind="tools" id={t.id} name={t.name} enabled={t.enabled} useSetEnabled={tools.useSetEnabled} />,
    },
    rowActionsColumn({ noun: 'tool', basePath: '/tools', remove }),
  ];

  return (
    <div className="page">
      <PageHeader
        title="Tools"
        description="Functions and services your agents can call: your own code, MCP servers and integrations."
        actions={
          <Can kind="tools" verb="create">
            <ButtonLink variant="primary" href="/tools/new">
              New tool
            </ButtonLink>
          </Can>
        }
      />
      <ListBody
        title="Tools"
        nouns={['tool', 'tools']}
        list={list}
        more={more}
        view={view}
        columns={columns}
        sectors={(t) => t.sectors}
        state={state}
        update={update}
        toggleSort={toggleSort}
        empty={
          <EmptyState
            title="No tools yet"
            icon="⚒"
            action={
              <Can kind="tools" verb="create">
                <ButtonLink variant="primary" href="/tools/new">
                  Add your first tool
                </ButtonLink>
              </Can>
            }
          >
            A tool gives agents an ability: a function you write, an MCP server, a web search…
          </EmptyState>
        }
      />
      {rows.some((t) => !t.enabled) && state.enabled === 'all' && (
        <p className="muted small">
          <Badge>Disabled</Badge> tools stay configured but agents cannot call them.
        </p>
      )}
    </div>
  );
}
