'use client';
// The AI models list (components/ui/KindListPage.tsx). A stored key shows as the start of its
// masked form (the detail page shows it whole); the model id goes under its provider.
import { useMemo } from 'react';
import { KindListPage, sectorsColumn } from '@/components/ui/KindListPage';
import type { Column } from '@/components/ui/ResourceTable';
import { KIND_LISTS } from '@/lib/client/kinds';
import { useProviders } from '@/lib/client/resource-list';
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
  const providerName = useProviderName();
  const columns: Column<AiModelRecord>[] = [
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
    sectorsColumn(),
    { key: 'version', header: 'Version', sortable: true, kind: 'num', cell: (m) => `v${m.version}` },
  ];

  return (
    <KindListPage
      kind="ai-models"
      resource={KIND_LISTS['ai-models']}
      description="The provider models your agents run on, with their keys kept encrypted."
      nouns={['model', 'models']}
      columns={columns}
      sort={{ provider: (m) => providerName(m.provider), version: (m) => m.version }}
      first={{
        label: 'Add your first model',
        text: 'Every agent runs on one of your company’s models: pick a provider, the model id and, where the provider needs one, its key.',
      }}
      disabledNote="models stay configured but agents cannot run on them."
    />
  );
}
