// Agents: GET /agents (bare array), GET /agents/{id} (data.Agent), POST/PUT with the agent fields
// as the body, PUT /agents/{id}/enable, DELETE; GET /agents/history (bare array).
import { useQuery } from '@/lib/client/query';
import type { AgentHistoryRecord } from '@/lib/schemas/agent';
import { api } from './api';
import { defineResource } from './resource';
import { AGENTS } from './resource-list';

export const agents = defineResource(AGENTS);

export const agentHistoryKey = [...agents.keys.all, 'history'] as const;

/** Every agent change of the company, newest first. */
export function useAgentHistory() {
  return useQuery({ queryKey: agentHistoryKey, queryFn: ({ signal }) => api<AgentHistoryRecord[]>('/agents/history', { signal }) });
}
