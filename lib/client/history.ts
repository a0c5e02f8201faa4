// History reads for the history pages. Agents (GET /agents/history, bare array) and squads
// (GET /squads/history, enveloped) answer every record at once; AI models are paged with the
// API's cursor (GET /ai-models/history and /ai-models/{id}/history: `limit`, `field`,
// `direction`, `last`; `data: { items, next }`, `next` "" on the last page).
// Each key lives in its resource's namespace, so a change of that resource refreshes it.
import { useInfiniteQuery } from '@/lib/client/query';
import type { AiModelHistoryPage, HistoryField } from '@/lib/schemas/ai-model';
import { aiModels } from './ai-models';
import { api } from './api';

export { useAgentHistory } from './agents';
export { useSquadHistory } from './squads';

export const MODEL_HISTORY_FIELDS: ReadonlyArray<{ value: HistoryField; label: string }> = [
  { value: 'date', label: 'Date' },
  { value: 'action', label: 'Action' },
  { value: 'responsible', label: 'Who' },
  { value: 'type', label: 'Kind' },
  { value: 'versionControl', label: 'Version' },
];

export const MODEL_HISTORY_LIMITS = [10, 20, 50, 100] as const;

export type ModelHistoryParams = {
  /** One model's records (GET /ai-models/{id}/history) when set. */
  modelId?: string;
  field: HistoryField;
  direction: 'asc' | 'desc';
  /** 1 to 100. */
  limit: number;
};

export function modelHistoryKey(params: ModelHistoryParams) {
  return [...aiModels.keys.all, 'history', params.modelId ?? '', params.field, params.direction, params.limit] as const;
}

/** Model history, one page per "Load more"; `hasNextPage` is false once the API answers `next: ""`. */
export function useModelHistory(params: ModelHistoryParams) {
  const base = params.modelId ? `/ai-models/${encodeURIComponent(params.modelId)}/history` : '/ai-models/history';
  return useInfiniteQuery({
    queryKey: modelHistoryKey(params),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(params.limit), field: params.field, direction: params.direction });
      if (pageParam) query.set('last', pageParam);
      return api<AiModelHistoryPage>(`${base}?${query}`, { signal });
    },
    getNextPageParam: (last) => last.next || undefined,
  });
}
