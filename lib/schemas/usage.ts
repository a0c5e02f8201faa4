// Where used (decision 014): the answer of GET /api/{kind}/{id}/usage, shared by the server
// (lib/server/usage.ts) and the console.
import type { DependentRef } from '../api/errors';

export const USAGE_KINDS = ['agents', 'squads', 'tools', 'knowledge-bases', 'ai-models'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** How a squad uses an agent. */
export type UsageVia = 'task' | 'planningAgent' | 'supervisor';

export type UsageItem = DependentRef & {
  /** Squads only: the roles the agent plays in the squad. */
  via?: UsageVia[];
  /** Squads only: the tasks the agent runs (task id and name), in task order. */
  tasks?: { id: string; name: string }[];
};

export type Usage = { items: UsageItem[]; total: number };
