'use client';
// The tools list (components/ui/KindListPage.tsx): the publisher under the name, kind, sectors and
// environments.
import Link from 'next/link';
import { Badge, TagList } from '@/components/ui/Badge';
import { KindListPage, sectorsColumn } from '@/components/ui/KindListPage';
import type { Column } from '@/components/ui/ResourceTable';
import { KIND_LISTS } from '@/lib/client/kinds';
import type { ToolRecord } from '@/lib/schemas/tool';
import { KIND_LABELS, kindOf } from './tool-kinds';
import { Truncate } from '@/components/ui/Truncate';

export function ToolsList() {
  const columns: Column<ToolRecord>[] = [
    { key: 'kind', header: 'Kind', sortable: true, cell: (t) => <Badge tone="accent">{KIND_LABELS[kindOf(t)]}</Badge> },
    sectorsColumn(),
    { key: 'environments', header: 'Environments', cell: (t) => <TagList items={t.environments} max={3} /> },
  ];

  return (
    <KindListPage
      kind="tools"
      resource={KIND_LISTS.tools}
      description="Functions and services your agents can call: your own code, MCP servers and integrations."
      // The publisher goes under the name: one column fewer keeps the table within the page.
      name={(t) => (
        <span className="cell-lines">
          <Link className="cell-title" title={t.name} prefetch={false} href={`/tools/${encodeURIComponent(t.id)}`}>
            {t.name}
          </Link>
          <Truncate className="muted small" text={`by ${t.publisher}`} />
        </span>
      )}
      columns={columns}
      sort={{ kind: (t) => KIND_LABELS[kindOf(t)] }}
      first={{ label: 'Add your first tool', text: 'A tool gives agents an ability: a function you write, an MCP server, a web search…' }}
      disabledNote="tools stay configured but agents cannot call them."
    />
  );
}
