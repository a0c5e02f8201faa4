'use client';
// One knowledge base (components/ui/KindDetailPage.tsx): its content (the link, the text, or the
// stored file with name and size and a way to replace it), sectors and tags.
import { Badge, TagList } from '@/components/ui/Badge';
import { KindDetailPage, RecordStamps, SectorsRow } from '@/components/ui/KindDetailPage';
import { UsedBySection } from '@/components/ui/UsedBy';
import { knowledgeBases } from '@/lib/client/knowledge-bases';
import { FileReplace } from './FileReplace';
import { TYPE_LABELS } from './KnowledgeBasesList';

export function KnowledgeBaseDetail({ id }: { id: string }) {
  return (
    <KindDetailPage kind="knowledge-bases" id={id} resource={knowledgeBases} what="the knowledge base" description={(k) => k.description}>
      {(k) => (
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
              <SectorsRow sectors={k.sectors} />
              <dt>Tags</dt>
              <dd>
                <TagList items={k.tags} empty="None" />
              </dd>
              <RecordStamps record={k} />
            </dl>
          </section>
        </div>
      )}
    </KindDetailPage>
  );
}
