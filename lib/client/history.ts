// History reads for the history pages. Agents (GET /agents/history, bare array) and squads
// (GET /squads/history, enveloped) answer every record at once; AI models are paged with the
// API's cursor (GET /ai-models/history and /ai-models/{id}/history: `limit`, `field`,
// `direction`, `last`; `data: { items, next }`, `next` "" on the last page).
// Each key lives in its resource's namespace, so a change of that resource refreshes it.
// No react-query in the history pages' first load (./query-hub.tsx): the seeded hooks load it
// after hydration, then fetch (decision 028).
import type { AgentHistoryRecord } from '@/lib/schemas/agent';
import type { AiModelHistoryPage, HistoryField } from '@/lib/schemas/ai-model';
import type { SquadHistoryRecord } from '@/lib/schemas/squad';
import { api } from './api-later';
import { useSeededInfiniteQuery, useSeededQuery } from './query-hub';
import type { KindHistoryPage } from '@/lib/schemas/version';
import { agentHistoryKey, squadHistoryKey } from './query-keys';
import type { KindKey } from '@/lib/kinds';
import { RESOURCES } from './kinds';

export { agentHistoryKey, squadHistoryKey };

/** Every agent change of the company, newest first (GET /agents/history, bare array). */
export function useAgentHistory() {
  return useSeededQuery({ queryKey: agentHistoryKey, queryFn: ({ signal }) => api<AgentHistoryRecord[]>('/agents/history', { signal }) });
}

export function useSquadHistory(squadId?: string) {
  return useSeededQuery({
    queryKey: squadHistoryKey(squadId),
    queryFn: ({ signal }) => api<SquadHistoryRecord[]>(`/squads/history${squadId ? `?squadId=${encodeURIComponent(squadId)}` : ''}`, { signal }),
  });
}

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
  return [RESOURCES['ai-models'].key, 'history', params.modelId ?? '', params.field, params.direction, params.limit] as const;
}

/** Model history, one page per "Load more"; `hasNextPage` is false once the API answers `next: ""`. */
export function useModelHistory(params: ModelHistoryParams) {
  const base = params.modelId ? `/ai-models/${encodeURIComponent(params.modelId)}/history` : '/ai-models/history';
  return useSeededInfiniteQuery({
    queryKey: modelHistoryKey(params),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(params.limit), field: params.field, direction: params.direction });
      if (pageParam) query.set('last', pageParam);
      return api<AiModelHistoryPage>(`${base}?${query}`, { signal });
    },
    getNextPageParam: (last: AiModelHistoryPage) => last.next || undefined,
  });
}

/** The page size of the tools' and knowledge bases' history. */
export const VERSIONED_HISTORY_LIMIT = 100;

/** GET /tools/history or /knowledge-bases/history (a kind whose history is its versions, company-wide: decision 057), one page per "Load more" (newest first). */
export function useVersionedHistory(kind: KindKey) {
  return useSeededInfiniteQuery({
    queryKey: [kind, 'history'] as const,
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => api<KindHistoryPage>(`/${kind}/history?limit=${VERSIONED_HISTORY_LIMIT}${pageParam ? `&last=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: (last: KindHistoryPage) => last.next || undefined,
  });
}
