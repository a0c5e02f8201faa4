'use client';
// One AI model: provider, model id, masked key, sectors, version and its latest changes with a
// link to the full history; enable, edit and delete from here.
import { DetailTabs } from '@/components/versions/DetailTabs';
import { HistoryTab } from '@/components/versions/HistoryTab';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Badge, EnabledBadge, TagList } from '@/components/ui/Badge';
import { EditAndDelete } from '@/components/ui/DetailActions';
import { DateTime } from '@/components/ui/DateTime';
import { UsedBySection } from '@/components/ui/UsedBy';
import { EnableSwitch } from '@/components/ui/EnableSwitch';
import { PageHeader } from '@/components/ui/PageHeader';
import { LoadFailedPage } from '@/components/ui/ResourceShell';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { aiModels, modelHistoryHref, useModelHistory } from '@/lib/client/ai-models';
import { useProviderName } from './AiModelsList';

const TONES: Record<string, 'success' | 'danger' | undefined> = { success: 'success', fail: 'danger' };

export function AiModelDetail({ id }: { id: string }) {
  const router = useRouter();
  const model = aiModels.useDetail(id);
  const remove = aiModels.useDelete();
  const providerName = useProviderName();

  if (model.isPending) return <LoadingState label="Loading the model…" />;
  if (model.isError) return <LoadFailedPage title="AI model" back={{ href: '/ai-models', label: 'AI models' }} what="the model" error={model.error} onRetry={() => model.refetch()} />;
  const m = model.data;
  return (
    <div className="page">
      <PageHeader
        back={{ href: '/ai-models', label: 'AI models' }}
        title={
          <span className="row" style={{ gap: 12 }}>
            {m.name} <EnabledBadge enabled={m.enabled} />
          </span>
        }
        description={`${providerName(m.provider)} · ${m.model}`}
        actions={
          <>
            <span className="row small" style={{ gap: 8 }}>
              <EnableSwitch kind="ai-models" id={m.id} name={m.name} enabled={m.enabled} useSetEnabled={aiModels.useSetEnabled} />
              <span aria-hidden="true">{m.enabled ? 'Enabled' : 'Disabled'}</span>
            </span>
            <EditAndDelete kind="ai-models" id={m.id} name={m.name} remove={remove} onDeleted={() => router.push('/ai-models')} />
          </>
        }
      />
      <DetailTabs
        details={
          <div className="detail-grid">
            <div className="stack">
              <section className="card" aria-labelledby="model-overview">
                <h2 id="model-overview">Overview</h2>
                <dl className="dl">
                  <dt>Provider</dt>
                  <dd>{providerName(m.provider)}</dd>
                  <dt>Model id</dt>
                  <dd>
                    <code>{m.model}</code>
                  </dd>
                  <dt>Provider key</dt>
                  <dd>{m.apikey ? <code>{m.apikey}</code> : <span className="muted">None (the provider takes no key)</span>}</dd>
                  <dt>Sectors</dt>
                  <dd>
                    <TagList items={m.sectors} empty="All sectors (none listed)" />
                  </dd>
                  <dt>Version</dt>
                  <dd>
                    v{m.version} · <Link href={modelHistoryHref(m.id)}>View history</Link>
                  </dd>
                  <dt>Created</dt>
                  <dd>
                    <DateTime iso={m.createdAt} />
                  </dd>
                  <dt>Updated</dt>
                  <dd>
                    <DateTime iso={m.updatedAt} />
                  </dd>
                  <dt>Id</dt>
                  <dd>
                    <code>{m.id}</code>
                  </dd>
                </dl>
              </section>
              <section className="card" aria-labelledby="model-description">
                <h2 id="model-description">Description</h2>
                <p className="prose">{m.description}</p>
              </section>
              <UsedBySection kind="ai-models" id={m.id} noun="AI model" />
            </div>
            <ModelChanges id={m.id} />
          </div>
        }
        history={<HistoryTab kind="ai-models" id={m.id} />}
      />
    </div>
  );
}

function ModelChanges({ id }: { id: string }) {
  const history = useModelHistory(id);
  const items = history.data?.items ?? [];
  return (
    <section className="card" aria-labelledby="model-history">
      <h2 id="model-history">Recent changes</h2>
      {history.isPending ? (
        <LoadingState rows={2} label="Loading history…" />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => history.refetch()} title="Could not load the history" />
      ) : items.length === 0 ? (
        <EmptyState title="No changes recorded" icon="↺" />
      ) : (
        <ol className="plain-list">
          {items.map((r) => (
            <li key={r.id} className="small">
              <strong>{r.action}</strong> <Badge tone={TONES[r.type]}>{r.versionControl}</Badge> by {r.responsible}
              <br />
              <span className="muted">
                <DateTime iso={r.date} />
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="small" style={{ marginTop: 12 }}>
        <Link href={modelHistoryHref(id)}>Full history of this model →</Link>
      </p>
    </section>
  );
}
