'use client';
// One agent: its settings, capabilities, tools and knowledge, and its change history; enable,
// edit and delete from here.
import { DetailTabs } from '@/components/versions/DetailTabs';
import { HistoryTab } from '@/components/versions/HistoryTab';
import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { Badge, EnabledBadge, TagList } from '@/components/ui/Badge';
import { EditAndDelete } from '@/components/ui/DetailActions';
import { DateTime } from '@/components/ui/DateTime';
import { UsedBySection } from '@/components/ui/UsedBy';
import { EnableSwitch } from '@/components/ui/EnableSwitch';
import { PageHeader } from '@/components/ui/PageHeader';
import { RefLink, RefLinks, type Ref } from '@/components/ui/RefLinks';
import { LoadFailedPage } from '@/components/ui/ResourceShell';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { agents, useAgentHistory } from '@/lib/client/agents';
import { aiModels } from '@/lib/client/ai-models';
import { knowledgeBases } from '@/lib/client/knowledge-bases';
import { tools } from '@/lib/client/tools';
import type { AgentRecord } from '@/lib/schemas/agent';

const CAPABILITIES = [
  ['auto', 'Automatic'],
  ['reasoning', 'Reasoning'],
  ['can.delegate', 'Can delegate'],
  ['can_code', 'Can code'],
  ['multimodal', 'Multimodal'],
] as const;

/** Each id with its record's name, once the company's list of that kind has loaded. */
function useRefs<T extends { id: string; name: string }>(rows: T[] | undefined) {
  return useMemo(() => {
    const names = new Map((rows ?? []).map((r) => [r.id, r.name]));
    return (id: string): Ref => ({ id, name: names.get(id) });
  }, [rows]);
}

export function AgentDetail({ id }: { id: string }) {
  const router = useRouter();
  const agent = agents.useDetail(id);
  const remove = agents.useDelete();

  if (agent.isPending) return <LoadingState label="Loading the agent…" />;
  if (agent.isError) return <LoadFailedPage title="Agent" back={{ href: '/agents', label: 'Agents' }} what="the agent" error={agent.error} onRetry={() => agent.refetch()} />;
  const a = agent.data;
  return (
    <div className="page">
      <PageHeader
        back={{ href: '/agents', label: 'Agents' }}
        title={
          <span className="row" style={{ gap: 12 }}>
            {a.name} <EnabledBadge enabled={a.enabled} />
          </span>
        }
        description={a.role}
        actions={
          <>
            <span className="row small" style={{ gap: 8 }}>
              <EnableSwitch kind="agents" id={a.id} name={a.name} enabled={a.enabled} useSetEnabled={agents.useSetEnabled} />
              <span aria-hidden="true">{a.enabled ? 'Enabled' : 'Disabled'}</span>
            </span>
            <EditAndDelete kind="agents" id={a.id} name={a.name} remove={remove} onDeleted={() => router.push('/agents')} />
          </>
        }
      />
      <DetailTabs
        details={
          <div className="detail-grid">
            <div className="stack">
              <AgentOverview agent={a} />
              <section className="card" aria-labelledby="agent-purpose">
                <h2 id="agent-purpose">Purpose</h2>
                <dl className="dl">
                  <dt>Role</dt>
                  <dd className="prose">{a.role}</dd>
                  <dt>Objective</dt>
                  <dd className="prose">{a.objective}</dd>
                  <dt>References</dt>
                  <dd className="prose">{a.referencies}</dd>
                </dl>
              </section>
            </div>
            <div className="stack">
              <section className="card" aria-labelledby="agent-capabilities">
                <h2 id="agent-capabilities">Capabilities</h2>
                <ul className="plain-list" style={{ gap: 8 }}>
                  {CAPABILITIES.map(([key, label]) => (
                    <li key={key} className="row" style={{ justifyContent: 'space-between' }}>
                      <span>{label}</span>
                      <Badge tone={a[key] ? 'success' : undefined}>{a[key] ? 'Yes' : 'No'}</Badge>
                    </li>
                  ))}
                </ul>
              </section>
              <UsedBySection kind="agents" id={a.id} noun="agent" />
              <AgentHistory agentId={a.id} />
            </div>
          </div>
        }
        history={<HistoryTab kind="agents" id={a.id} />}
      />
    </div>
  );
}

function AgentOverview({ agent: a }: { agent: AgentRecord }) {
  const modelRef = useRefs(aiModels.useList().data);
  const toolRef = useRefs(tools.useList().data);
  const kbRef = useRefs(knowledgeBases.useList().data);
  return (
    <section className="card" aria-labelledby="agent-overview">
      <h2 id="agent-overview">Overview</h2>
      <dl className="dl">
        <dt>AI model</dt>
        <dd>
          <RefLink base="/ai-models" item={modelRef(a.model)} />
        </dd>
        <dt>Temperature</dt>
        <dd>{a.temperature.toFixed(2)}</dd>
        <dt>Publisher</dt>
        <dd>{a.publisher}</dd>
        <dt>Sectors</dt>
        <dd>
          <TagList items={a.sectors} empty="All sectors (none listed)" />
        </dd>
        <dt>Tools</dt>
        <dd>
          <RefLinks base="/tools" label="Tools" items={a.tools.map(toolRef)} />
        </dd>
        <dt>Knowledge bases</dt>
        <dd>
          <RefLinks base="/knowledge-bases" label="Knowledge bases" items={a.knowledgeBases.map(kbRef)} />
        </dd>
        <dt>Created</dt>
        <dd>
          <DateTime iso={a.createdAt} />
        </dd>
        <dt>Updated</dt>
        <dd>
          <DateTime iso={a.updatedAt} />
        </dd>
        <dt>Id</dt>
        <dd>
          <code>{a.id}</code>
        </dd>
      </dl>
    </section>
  );
}

function AgentHistory({ agentId }: { agentId: string }) {
  const history = useAgentHistory();
  const records = (history.data ?? []).filter((r) => r.agentId === agentId).slice(0, 20);
  return (
    <section className="card" aria-labelledby="agent-history">
      <h2 id="agent-history">Recent changes</h2>
      {history.isPending ? (
        <LoadingState rows={2} label="Loading history…" />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => history.refetch()} title="Could not load the history" />
      ) : records.length === 0 ? (
        <EmptyState title="No changes recorded" icon="↺" />
      ) : (
        <ol className="plain-list">
          {records.map((r) => (
            <li key={r.id} className="small">
              <strong>{r.action}</strong> by {r.responsible}
              <br />
              <span className="muted">
                <DateTime iso={r.timestamp} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
