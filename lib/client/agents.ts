// Agents: GET /agents (bare array), GET /agents/{id} (data.Agent), POST/PUT with the agent fields
// as the body, PUT /agents/{id}/enable, DELETE; GET /agents/history (bare array).
import { defineResource } from './resource';
import { RESOURCES } from './kinds';

export { useAgentHistory } from './history';

export const agents = defineResource(RESOURCES.agents);
