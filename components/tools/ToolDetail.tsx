'use client';
// One tool: what it is, its code and entry function or its MCP server, where it runs; enable,
// edit and delete from here.
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
import { tools } from '@/lib/client/tools';
import { KIND_LABELS, kindOf } from './tool-kinds';
import './tools.css';

export function ToolDetail({ id }: { id: string }) {
  const router = useRouter();
  const tool = tools.useDetail(id);
  const remove = tools.useDelete();

  if (tool.isPending) return <LoadingState label="Loading the tool…" />;
  if (tool.isError) return <LoadFailedPage title="Tool" back={{ href: '/tools', label: 'Tools' }} what="the tool" error={tool.error} onRetry={() => tool.refetch()} />;
  const t = tool.data;
  return (
    <div className="page">
      <PageHeader
        back={{ href: '/tools', label: 'Tools' }}
        title={
          <span className="row" style={{ gap: 12 }}>
            {t.name} <EnabledBadge enabled={t.enabled} />
          </span>
        }
        description={t.description}
        actions={
          <>
            <span className="row small" style={{ gap: 8 }}>
              <EnableSwitch kind="tools" id={t.id} name={t.name} enabled={t.enabled} useSetEnabled={tools.useSetEnabled} />
              <span aria-hidden="true">{t.enabled ? 'Enabled' : 'Disabled'}</span>
            </span>
            <EditAndDelete kind="tools" id={t.id} name={t.name} remove={remove} onDeleted={() => router.push('/tools')} />
          </>
        }
      />
      <DetailTabs
        details={
          <div className="detail-grid">
            <div className="stack">
              {t.code != null && (
                <section className="card" aria-labelledby="tool-code">
                  <h2 id="tool-code">Code</h2>
                  <p className="small">
                    Entry function: <code>{t.entryFunctionName}</code>
                  </p>
                  {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus so keyboards can scroll it (axe scrollable-region-focusable) */}
                  <pre className="code-view" tabIndex={0} aria-label="Source code">
                    <code>{t.code}</code>
                  </pre>
                </section>
              )}
              {t.mcp && (
                <section className="card" aria-labelledby="tool-mcp">
                  <h2 id="tool-mcp">MCP server</h2>
                  <dl className="dl">
                    <dt>URL</dt>
                    <dd>{t.mcp.url ? <code>{t.mcp.url}</code> : <span className="muted">Not set</span>}</dd>
                    <dt>Transport</dt>
                    <dd>{t.mcp.transport ?? <span className="muted">Not set</span>}</dd>
                  </dl>
                </section>
              )}
              {t.code == null && !t.mcp && (
                <section className="card" aria-labelledby="tool-integration">
                  <h2 id="tool-integration">Integration</h2>
                  <p className="muted">This tool carries no code and no MCP server: the service that runs your agents provides it by its name and description.</p>
                </section>
              )}
              <UsedBySection kind="tools" id={t.id} noun="tool" />
            </div>
            <section className="card" aria-labelledby="tool-overview">
              <h2 id="tool-overview">Overview</h2>
              <dl className="dl">
                <dt>Kind</dt>
                <dd>
                  <Badge tone="accent">{KIND_LABELS[kindOf(t)]}</Badge>
                </dd>
                <dt>Publisher</dt>
                <dd>{t.publisher}</dd>
                <dt>Sectors</dt>
                <dd>
                  <TagList items={t.sectors} empty="All sectors (none listed)" />
                </dd>
                <dt>Environments</dt>
                <dd>
                  <TagList items={t.environments} empty="None listed" />
                </dd>
                <dt>Created</dt>
                <dd>
                  <DateTime iso={t.createdAt} />
                </dd>
                <dt>Updated</dt>
                <dd>
                  <DateTime iso={t.updatedAt} />
                </dd>
                <dt>Id</dt>
                <dd>
                  <code>{t.id}</code>
                </dd>
              </dl>
            </section>
          </div>
        }
        history={<HistoryTab kind="tools" id={t.id} />}
      />
    </div>
  );
}
