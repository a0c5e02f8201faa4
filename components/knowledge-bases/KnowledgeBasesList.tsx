'use client';
// The knowledge bases list: search, sector and status filters, sortable columns, pages, an inline
// enable switch, edit and delete per row.
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
import { formatBytes, knowledgeBaseList as knowledgeBases } from '@/lib/client/resource-list';
import type { KnowledgeBaseRecord } from '@/lib/schemas/knowledge-base';
import { Truncate } from '@/components/ui/Truncate';

export const TYPE_LABELS = { file: 'File', url: 'URL', text: 'Text' } as const;

/** One line saying what the base holds. */
export function contentSummary(kb: KnowledgeBaseRecord): string {
  if (kb.type === 'file') {
    if (!kb.content) return kb.filename ? `${kb.filename} (not uploaded yet)` : 'No file yet';
    return `${kb.filename ?? kb.content}${kb.fileSize != null ? ` · ${formatBytes(kb.fileSize)}` : ''}`;
  }
  if (kb.type === 'url') return kb.content;
  return kb.content.length > 80 ? `${kb.content.slice(0, 80)}…` : kb.content;
}

export function KnowledgeBasesList() {
  const { list, more } = usePagedRows(knowledgeBases.usePagedList());
  const remove = knowledgeBases.useDelete();
  const { state, update, toggleSort } = useListState({ sort: 'name' });

  const rows = list.data ?? [];
  const view = applyListState(rows, state, {
    name: (k) => k.name,
    sectors: (k) => k.sectors,
    enabled: (k) => k.enabled,
    sort: {
      name: (k) => k.name,
      type: (k) => k.type,
      updatedAt: (k) => k.updatedAt,
      enabled: (k) => k.enabled,
    },
  });

  const columns: Column<KnowledgeBaseRecord>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      primary: true,
      cell: (k) => (
        <Link className="cell-title" title={k.name} prefetch={false} href={`/knowledge-bases/${encodeURIComponent(k.id)}`}>
          {k.name}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', sortable: true, cell: (k) => <Badge tone="accent">{TYPE_LABELS[k.type]}</Badge> },
    { key: 'content', header: 'Content', cell: (k) => <Truncate className="small" text={contentSummary(k)} lines={2} /> },
    { key: 'sectors', header: 'Sectors', cell: (k) => <TagList items={k.sectors} max={3} /> },
    { key: 'tags', header: 'Tags', cell: (k) => <TagList items={k.tags} max={3} /> },
    { key: 'updatedAt', header: 'Updated', sortable: true, cell: (k) => <DateTime iso={k.updatedAt} /> },
    {
      key: 'enabled',
      header: 'Enabled',
      sortable: true,
      cell: (k) => <EnableSwitch kind="knowledge-bases" id={k.id} name={k.name} enabled={k.enabled} useSetEnabled={knowledgeBases.useSetEnabled} />,
    },
    rowActionsColumn({ noun: 'knowledge base', basePath: '/knowledge-bases', remove }),
  ];

  return (
    <div className="page">
      <PageHeader
        title="Knowledge bases"
        description="Files, web pages and texts your agents consult."
        actions={
          <Can kind="knowledge-bases" verb="create">
            <ButtonLink variant="primary" href="/knowledge-bases/new">
              New knowledge base
            </ButtonLink>
          </Can>
        }
      />
      <ListBody
        title="Knowledge bases"
        nouns={['knowledge base', 'knowledge bases']}
        list={list}
        more={more}
        view={view}
        columns={columns}
        sectors={(k) => k.sectors}
        state={state}
        update={update}
        toggleSort={toggleSort}
        empty={
          <EmptyState
            title="No knowledge bases yet"
            icon="▤"
            action={
              <Can kind="knowledge-bases" verb="create">
                <ButtonLink variant="primary" href="/knowledge-bases/new">
                  Add your first knowledge base
                </ButtonLink>
              </Can>
            }
          >
            Give your agents something to read: upload a document, point at a web page or paste a text.
          </EmptyState>
        }
      />
      {rows.some((k) => !k.enabled) && state.enabled === 'all' && (
        <p className="muted small">
          <Badge>Disabled</Badge> knowledge bases stay configured but agents cannot consult them.
        </p>
      )}
    </div>
  );
}
