'use client';
// One knowledge base: its content (the link, the text, or the stored file with name and size and
// a way to replace it), sectors and tags; enable, edit and delete from here.
import { DetailTabs } from '@/components/versions/DetailTabs';
import { HistoryTab } from '@/components/versions/HistoryTab';
import { useRouter } from 'next/navigation';
import { Badge, EnabledBadge, TagList } from '@/components/ui/Badge';
import { EditAndDelete } from '@/components/ui/DetailActions';
import { DateTime } from '@/components/ui/DateTime';
import { UsedBySection } from '@/components/ui/UsedBy';
import { EnableSwitch } from '@/components/ui/EnableSwitch';
import { PageHeader } from '@/components/ui/PageHeader';
import { LoadFailedPage } from '@/components/ui/ResourceShell';
import { LoadingState } from '@/components/ui/States';
import { knowledgeBases } from '@/lib/client/knowledge-bases';
import { FileReplace } from './FileReplace';
import { TYPE_LABELS } from './KnowledgeBasesList';

export function KnowledgeBaseDetail({ id }: { id: string }) {
  const router = useRouter();
  const kb = knowledgeBases.useDetail(id);
  const remove = knowledgeBases.useDelete();

  if (kb.isPending) return <LoadingState label="Loading the knowledge base…" />;
  if (kb.isError) return <LoadFailedPage title="Knowledge base" back={{ href: '/knowledge-bases', label: 'Knowledge bases' }} what="the knowledge base" error={kb.error} onRetry={() => kb.refetch()} />;
  const k = kb.data;
  return (
    <div className="page">
      <PageHeader
        back={{ href: '/knowledge-bases', label: 'Knowledge bases' }}
        title={
          <span className="row" style={{ gap: 12 }}>
            {k.name} <EnabledBadge enabled={k.enabled} />
          </span>
        }
        description={k.description}
        actions={
          <>
            <span className="row small" style={{ gap: 8 }}>
              <EnableSwitch kind="knowledge-bases" id={k.id} name={k.name} enabled={k.enabled} useSetEnabled={knowledgeBases.useSetEnabled} />
              <span aria-hidden="true">{k.enabled ? 'Enabled' : 'Disabled'}</span>
            </span>
            <EditAndDelete kind="knowledge-bases" id={k.id} name={k.name} remove={remove} onDeleted={() => router.push('/knowledge-bases')} />
          </>
        }
      />
      <DetailTabs
        details={
          <div className="detail-grid">
            <div className="stack">
              {k.type === 'file' ? (
                <FileReplace kb={k} />
              ) : (
                <section className="card" aria-labelledby="kb-content">
                  <h2 id="kb-content">{k.type === 'url' ? 'Web page' : 'Text'}</h2>
                  {k.type === 'url' ? (
                    <p style={{ overflowWrap: 'anywhere' }}>
                      <a href={k.content} target="_blank" rel="noopener noreferrer">
                        {k.content}
                      </a>
                    </p>
                  ) : (
                    <p className="prose">{k.content}</p>
                  )}
                </section>
              )}
              <UsedBySection kind="knowledge-bases" id={k.id} noun="knowledge base" />
            </div>
            <section className="card" aria-labelledby="kb-overview">
              <h2 id="kb-overview">Overview</h2>
              <dl className="dl">
                <dt>Type</dt>
                <dd>
                  <Badge tone="accent">{TYPE_LABELS[k.type]}</Badge>
                </dd>
                <dt>Multimodal</dt>
                <dd>{k.multimodal ? 'Yes: images or audio as well as text' : 'No: text only'}</dd>
                <dt>Sectors</dt>
                <dd>
                  <TagList items={k.sectors} empty="All sectors (none listed)" />
                </dd>
                <dt>Tags</dt>
                <dd>
                  <TagList items={k.tags} empty="None" />
                </dd>
                <dt>Created</dt>
                <dd>
                  <DateTime iso={k.createdAt} />
                </dd>
                <dt>Updated</dt>
                <dd>
                  <DateTime iso={k.updatedAt} />
                </dd>
                <dt>Id</dt>
                <dd>
                  <code>{k.id}</code>
                </dd>
              </dl>
            </section>
          </div>
        }
        history={<HistoryTab kind="knowledge-bases" id={k.id} />}
      />
    </div>
  );
}
