'use client';
// The body shared by the planning-agent and supervisor nodes: the kind, the agent, and whether
// the squad stores a place for it yet. They take part in no dependency, so they have no handles.
import { NodeResizer } from '@xyflow/react';
import { useIssues } from '../context';
import type { AgentNodeData } from '@/lib/graph/convert';
import { AgentLine } from './AgentLine';
import { IssueNote } from './IssueNote';

export function AgentSlotBody({ id, kind, data, selected }: { id: string; kind: 'planner' | 'supervisor'; data: AgentNodeData; selected: boolean }) {
  const issues = useIssues((issues) => issues.byNode[id]);
  return (
    <>
      {selected && <NodeResizer minWidth={160} minHeight={64} color="var(--accent)" />}
      <div className={`sd-node sd-slot sd-${kind}`} data-selected={selected || undefined} data-invalid={issues ? true : undefined}>
        <div className="sd-node-kind">{kind === 'planner' ? 'Planning agent' : 'Supervisor'}</div>
        <AgentLine agentId={data.agent} />
        {data.autoPlaced && (
          <div className="sd-hint" title="The squad stores no place for it yet: move it to keep it where you put it">
            Default place: move it to keep it
          </div>
        )}
        {issues && <IssueNote issues={issues} />}
      </div>
    </>
  );
}
