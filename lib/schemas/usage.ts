// Where used (decision 014): the answer of GET /api/{kind}/{id}/usage, shared by the server
// (lib/server/usage.ts), the console and the OpenAPI document; the 409 of a delete lists the same
// `{ kind, id, name }` references in `dependents` (lib/errors.ts).
import { z } from 'zod';

import { USAGE_VIAS } from './usage-kinds';

export type { UsageKind, UsageVia } from './usage-kinds';

/** A resource that uses another (where used, and the 409 of a delete that would break a reference). */
export const dependentRefRecord = z.object({
  kind: z.enum(['agent', 'squad']),
  id: z.string(),
  name: z.string(),
});
export type DependentRef = z.output<typeof dependentRefRecord>;

export const usageItemRecord = dependentRefRecord.extend({
  via: z.array(z.enum(USAGE_VIAS)).optional().describe('Squads only: the roles the agent plays in the squad'),
  tasks: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .optional()
    .describe('Squads only: the tasks the agent runs (task id and name), in task order'),
});
export type UsageItem = z.output<typeof usageItemRecord>;

export const usageRecord = z.object({
  items: z.array(usageItemRecord).describe('Every dependent, sorted by name then id'),
  total: z.number().int(),
});
export type Usage = z.output<typeof usageRecord>;
