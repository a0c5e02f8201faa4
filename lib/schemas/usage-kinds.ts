// How a squad uses an agent, without zod: the list pages read this (one import of
// lib/schemas/usage would bring zod, ~31 kB gzip, into every list page's first load; decision 028).
// Every kind of the registry (lib/kinds) has a where-used answer.
import type { KindKey } from '../kinds';

export type UsageKind = KindKey;

export const USAGE_VIAS = ['task', 'planningAgent', 'supervisor'] as const;
/** How a squad uses an agent. */
export type UsageVia = (typeof USAGE_VIAS)[number];
