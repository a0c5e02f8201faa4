// Tools: GET /tools, GET /tools/{id} (the record), POST { tool }, PUT with the fields unwrapped
// (a partial update, D8) — which is also how enable/disable is sent; GET /tools/availables.
import { useSeededQuery } from './query-hub';
import { TOOL_TYPES_KEY } from './query-keys';
import type { AvailableToolType } from '@/lib/catalog/tool-types';
import { api } from './api';
import { defineResource } from './resource';
import { RESOURCES } from './kinds';

export type { AvailableToolType };

export const tools = defineResource(RESOURCES.tools);

/** The catalogue of tool types offered when creating a tool; it changes only with a release. */
export function useToolTypes() {
  return useSeededQuery({
    queryKey: TOOL_TYPES_KEY,
    queryFn: ({ signal }) => api<AvailableToolType[]>('/tools/availables', { signal }),
    staleTime: Infinity,
  });
}
