'use client';
// One agent (components/ui/KindDetailPage.tsx): its settings, capabilities, tools and knowledge,
// and its recent changes.
import { useMemo } from 'react';
import { Badge } from '@/components/ui/Badge';
import { KindDetailPage, RecordStamps, SectorsRow } from '@/components/ui/KindDetailPage';
import { RecentChanges } from '@/components/ui/RecentChanges';
import { UsedBySection } from '@/components/ui/UsedBy';
import { RefLink, RefLinks, type Ref } from '@/components/ui/RefLinks';
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
  return (
    <KindDetailPage kind="agents" id={id} resource={agents} what="the agent" description={(a) => a.role}>
      {(a) => (
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
      )}
    </KindDetailPage>
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
        <SectorsRow sectors={a.sectors} />
        <dt>Tools</dt>
        <dd>
          <RefLinks base="/tools" label="Tools" items={a.tools.map(toolRef)} />
        </dd>
        <dt>Knowledge bases</dt>
        <dd>
          <RefLinks base="/knowledge-bases" label="Knowledge bases" items={a.knowledgeBases.map(kbRef)} />
        </dd>
        <RecordStamps record={a} />
      </dl>
    </section>
  );
}

function AgentHistory({ agentId }: { agentId: string }) {
  const history = useAgentHistory();
  const records = (history.data ?? []).filter((r) => r.agentId === agentId).slice(0, 20);
  return <RecentChanges headingId="agent-history" query={history} changes={records} what={(r) => <strong>{r.action}</strong>} when={(r) => r.timestamp} />;
}
