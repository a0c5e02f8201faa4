'use client';
// The knowledge bases list (components/ui/KindListPage.tsx): type, content, sectors and tags.
import { Badge, TagList } from '@/components/ui/Badge';
import { KindListPage, sectorsColumn } from '@/components/ui/KindListPage';
import type { Column } from '@/components/ui/ResourceTable';
import { KIND_LISTS } from '@/lib/client/kinds';
import { formatBytes } from '@/lib/client/resource-list';
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
  const columns: Column<KnowledgeBaseRecord>[] = [
    { key: 'type', header: 'Type', sortable: true, cell: (k) => <Badge tone="accent">{TYPE_LABELS[k.type]}</Badge> },
    { key: 'content', header: 'Content', cell: (k) => <Truncate className="small" text={contentSummary(k)} lines={2} /> },
    sectorsColumn(),
    { key: 'tags', header: 'Tags', cell: (k) => <TagList items={k.tags} max={3} /> },
  ];

  return (
    <KindListPage
      kind="knowledge-bases"
      resource={KIND_LISTS['knowledge-bases']}
      description="Files, web pages and texts your agents consult."
      columns={columns}
      sort={{ type: (k) => k.type }}
      first={{ label: 'Add your first knowledge base', text: 'Give your agents something to read: upload a document, point at a web page or paste a text.' }}
      disabledNote="knowledge bases stay configured but agents cannot consult them."
    />
  );
}
