'use client';
// The AI models list: search, sector and status filters, sortable columns, pages, an inline
// enable switch, edit and delete per row. A stored key shows as the start of its masked form
// (the detail page shows it whole); the model id goes under its provider.
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
import { aiModelList as aiModels, useProviders } from '@/lib/client/resource-list';
import type { AiModelRecord } from '@/lib/schemas/ai-model';
import { Truncate } from '@/components/ui/Truncate';

export function useProviderName() {
  const providers = useProviders();
  return useMemo(() => {
    const names = new Map((providers.data ?? []).map((p) => [p.key, p.name]));
    return (key: string) => names.get(key) ?? key;
  }, [providers.data]);
}

export function AiModelsList() {
  const { list, more } = usePagedRows(aiModels.usePagedList());
  const remove = aiModels.useDelete();
  const providerName = useProviderName();
  const { state, update, toggleSort } = useListState({ sort: 'name' });

  const rows = list.data ?? [];
  const view = applyListState(rows, state, {
    name: (m) => m.name,
    sectors: (m) => m.sectors,
    enabled: (m) => m.enabled,
    sort: {
      name: (m) => m.name,
      provider: (m) => providerName(m.provider),
      version: (m) => m.version,
      updatedAt: (m) => m.updatedAt,
      enabled: (m) => m.enabled,
    },
  });

  const columns: Column<AiModelRecord>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      primary: true,
      cell: (m) => (
        <Link className="cell-title" title={m.name} prefetch={false} href={`/ai-models/${encodeURIComponent(m.id)}`}>
          {m.name}
        </Link>
      ),
    },
    {
      key: 'provider',
      header: 'Provider',
      sortable: true,
      cell: (m) => (
        <span className="cell-lines">
          {providerName(m.provider)}
          <Truncate as="code" className="small" text={m.model} />
        </span>
      ),
    },
    { key: 'apikey', header: 'Key', cell: (m) => (m.apikey ? <code className="small nowrap">{m.apikey.slice(0, 8)}…</code> : <span className="muted">None</span>) },
    { key: 'sectors', header: 'Sectors', cell: (m) => <TagList items={m.sectors} max={3} /> },
    { key: 'version', header: 'Version', sortable: true, kind: 'num', cell: (m) => `v${m.version}` },
    { key: 'updatedAt', header: 'Updated', sortable: true, cell: (m) => <DateTime iso={m.updatedAt} /> },
    {
      key: 'enabled',
      header: 'Enabled',
      sortable: true,
      cell: (m) => <EnableSwitch kind="ai-models" id={m.id} name={m.name} enabled={m.enabled} useSetEnabled={aiModels.useSetEnabled} />,
    },
    rowActionsColumn({ noun: 'AI model', basePath: '/ai-models', remove }),
  ];

  return (
    <div className="page">
      <PageHeader
        title="AI models"
        description="The provider models your agents run on, with their keys kept encrypted."
        actions={
          <Can kind="ai-models" verb="create">
            <ButtonLink variant="primary" href="/ai-models/new">
              New AI model
            </ButtonLink>
          </Can>
        }
      />
      <ListBody
        title="AI models"
        nouns={['model', 'models']}
        list={list}
        more={more}
        view={view}
        columns={columns}
        sectors={(m) => m.sectors}
        state={state}
        update={update}
        toggleSort={toggleSort}
        empty={
          <EmptyState
            title="No AI models yet"
            icon="✦"
            action={
              <Can kind="ai-models" verb="create">
                <ButtonLink variant="primary" href="/ai-models/new">
                  Add your first model
                </ButtonLink>
              </Can>
            }
          >
            Every agent runs on one of your company’s models: pick a provider, the model id and, where the provider needs one, its key.
          </EmptyState>
        }
      />
      {rows.some((m) => !m.enabled) && state.enabled === 'all' && (
        <p className="muted small">
          <Badge>Disabled</Badge> models stay configured but agents cannot run on them.
        </p>
      )}
    </div>
  );
}
