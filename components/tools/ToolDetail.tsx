'use client';
// One tool (components/ui/KindDetailPage.tsx): what it is, its code and entry function or its MCP
// server, where it runs.
import { Badge, TagList } from '@/components/ui/Badge';
import { KindDetailPage, RecordStamps, SectorsRow } from '@/components/ui/KindDetailPage';
import { UsedBySection } from '@/components/ui/UsedBy';
import { tools } from '@/lib/client/tools';
import { KIND_LABELS, kindOf } from './tool-kinds';
import './tools.css';

export function ToolDetail({ id }: { id: string }) {
  return (
    <KindDetailPage kind="tools" id={id} resource={tools} what="the tool" description={(t) => t.description}>
      {(t) => (
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
              <SectorsRow sectors={t.sectors} />
              <dt>Environments</dt>
              <dd>
                <TagList items={t.environments} empty="None listed" />
              </dd>
              <RecordStamps record={t} />
            </dl>
          </section>
        </div>
      )}
    </KindDetailPage>
  );
}
