'use client';
// The agent a node runs with: its name and whether it is enabled (or that it is unknown).
import { memo } from 'react';
import { useAgents } from '../context';

function AgentLineView({ agentId }: { agentId: string }) {
  const agent = useAgents((agents) => agents?.[agentId]);
  const loaded = useAgents((agents) => agents !== null);
  if (!agent) {
    return (
      <div className="sd-agent" data-state={loaded ? 'unknown' : 'loading'}>
        <span className="sd-dot" aria-hidden="true" />
        <span className="sd-agent-name">{loaded ? `Unknown agent (${agentId || 'none'})` : agentId}</span>
      </div>
    );
  }
  return (
    <div className="sd-agent" data-state={agent.enabled ? 'enabled' : 'disabled'}>
      <span className="sd-dot" aria-hidden="true" />
      <span className="sd-agent-name" title={agent.name}>
        {agent.name}
      </span>
      <span className="sd-agent-state">{agent.enabled ? 'enabled' : 'disabled'}</span>
    </div>
  );
}

export const AgentLine = memo(AgentLineView);
