// Where used: GET /{kind}/{id}/usage (decision 014). Read fresh whenever shown (a detail page's
// "Used by", a delete dialog): what uses a resource changes with every other resource's edits.
import { useSeededQuery } from './query-hub';
import type { DependentRef } from '@/lib/errors';
import type { Usage, UsageKind } from '@/lib/schemas/usage';
import { consoleHref, kindOfRef } from '@/lib/kinds';
import { api } from './api';
import { usageKey } from './query-keys';

export type { Usage, UsageKind };

/** The console page of a dependent (the console's paths are the API's). */
export const dependentHref = (d: Pick<DependentRef, 'kind' | 'id'>) => consoleHref(kindOfRef(d.kind), d.id);

export { usageKey };

export function useUsage(kind: UsageKind, id: string, options: { enabled?: boolean } = {}) {
  return useSeededQuery({
    queryKey: usageKey(kind, id),
    queryFn: ({ signal }) => api<Usage>(`/${kind}/${encodeURIComponent(id)}/usage`, { signal }),
    enabled: options.enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
