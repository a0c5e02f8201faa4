'use client';
// The agents list: search, sector and status filters, sortable columns, pages, an inline
// enable switch, edit and delete per row.
import Link from 'next/link';
import { useMemo } from 'react';
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
import { agentList as agents, aiModelList as aiModels } from '@/lib/client/resource-list';
import type { AgentRecord } from '@/lib/schemas/agent';
import { Truncate } from '@/components/ui/Truncate';

export function AgentsList() {
  const { list, more } = usePagedRows(agents.usePagedList());
  const models = aiModels.useList();
  const remove = agents.useDelete();
  const { state, update, toggleSort } = useListState({ sort: 'name' });

  const modelName = useMemo(() => {
    const names = new Map((models.data ?? []).map((m) => [m.id, m.name]));
    return (id: string) => names.get(id) ?? id;
  }, [models.data]);

  const rows = list.data ?? [];
  const view = applyListState(rows, state, {
    name: (a) => a.name,
    sectors: (a) => a.sectors,
    enabled: (a) => a.enabled,
    sort: {
      name: (a) => a.name,
      model: (a) => modelName(a.model),
      temperature: (a) => a.temperature,
      updatedAt: (a) => a.updatedAt,
      enabled: (a) => a.enabled,
    },
  });

  const columns: Column<AgentRecord>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      primary: true,
      cell: (a) => (
        <Link className="cell-title" title={a.name} prefetch={false} href={`/agents/${encodeURIComponent(a.id)}`}>
          {a.name}
        </Link>
      ),
    },
    { key: 'model', header: 'Model', sortable: true, cell: (a) => <Truncate text={modelName(a.model)} /> },
    { key: 'sectors', header: 'Sectors', cell: (a) => <TagList items={a.sectors} max={3} /> },
    { key: 'temperature', header: 'Temperature', sortable: true, kind: 'num', cell: (a) => a.temperature.toFixed(2) },
    { key: 'updatedAt', header: 'Updated', sortable: true, cell: (a) => <DateTime iso={a.updatedAt} /> },
    {
      key: 'enabled',
      header: 'Enabled',
      sortable: true,
      cell: (a) => <EnableSwitch kind="agents" id={a.id} name={a.name} enabled={a.enabled} useSetEnabled={agents.useSetEnabled} />,
    },
    rowActionsColumn({ noun: 'agent', basePath: '/agents', remove }),
  ];

  return (
    <div className="page">
      <PageHeader
        title="Agents"
        description="The AI agents of your company: their model, role, tools and knowledge."
        actions={
          <Can kind="agents" verb="create">
            <ButtonLink variant="primary" href="/agents/new">
              New agent
            </ButtonLink>
          </Can>
        }
      />
      <ListBody
        title="Agents"
        nouns={['agent', 'agents']}
        list={list}
        more={more}
        view={view}
        columns={columns}
        sectors={(a) => a.sectors}
        state={state}
        update={update}
        toggleSort={toggleSort}
        empty={
          <EmptyState
            title="No agents yet"
            icon="◎"
            action={
              <Can kind="agents" verb="create">
                <ButtonLink variant="primary" href="/agents/new">
                  Create your first agent
                </ButtonLink>
              </Can>
            }
          >
            An agent pairs an AI model with a role, an objective, tools and knowledge.
          </EmptyState>
        }
      />
      {rows.some((a) => !a.enabled) && state.enabled === 'all' && (
        <p className="muted small">
          <Badge>Disabled</Badge> agents stay configured but squads and API clients cannot use them.
        </p>
      )}
    </div>
  );
}
