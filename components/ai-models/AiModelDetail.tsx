'use client';
// One AI model (components/ui/KindDetailPage.tsx): provider, model id, masked key, sectors,
// version and its latest changes with a link to the full history.
import Link from 'next/link';
import { Badge } from '@/components/ui/Badge';
import { KindDetailPage, RecordStamps, SectorsRow } from '@/components/ui/KindDetailPage';
import { RecentChanges } from '@/components/ui/RecentChanges';
import { UsedBySection } from '@/components/ui/UsedBy';
import { aiModels, modelHistoryHref, useModelHistory } from '@/lib/client/ai-models';
import { useProviderName } from './AiModelsList';

const TONES: Record<string, 'success' | 'danger' | undefined> = { success: 'success', fail: 'danger' };

export function AiModelDetail({ id }: { id: string }) {
  const providerName = useProviderName();
  return (
    <KindDetailPage kind="ai-models" id={id} resource={aiModels} what="the model" description={(m) => `${providerName(m.provider)} · ${m.model}`}>
      {(m) => (
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
                <SectorsRow sectors={m.sectors} />
                <dt>Version</dt>
                <dd>
                  v{m.version} · <Link href={modelHistoryHref(m.id)}>View history</Link>
                </dd>
                <RecordStamps record={m} />
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
      )}
    </KindDetailPage>
  );
}

function ModelChanges({ id }: { id: string }) {
  const history = useModelHistory(id);
  return (
    <RecentChanges
      headingId="model-history"
      query={history}
      changes={history.data?.items ?? []}
      what={(r) => (
        <>
          <strong>{r.action}</strong> <Badge tone={TONES[r.type]}>{r.versionControl}</Badge>
        </>
      )}
      when={(r) => r.date}
      footer={
        <p className="small" style={{ marginTop: 12 }}>
          <Link href={modelHistoryHref(id)}>Full history of this model →</Link>
        </p>
      }
    />
  );
}
