// The kinds that have a where-used answer, without zod: the list pages read these (one import of
// lib/schemas/usage would bring zod, ~31 kB gzip, into every list page's first load; decision 028).
export const USAGE_KINDS = ['agents', 'squads', 'tools', 'knowledge-bases', 'ai-models'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export const USAGE_VIAS = ['task', 'planningAgent', 'supervisor'] as const;
/** How a squad uses an agent. */
export type UsageVia = (typeof USAGE_VIAS)[number];
