// AI models (reads answer `status: "ok"`; the company is taken from the session when no
// environment is sent, so the console sends none). Create and update bodies are `{ model }`;
// enable/disable is a partial PUT `{ model: { enabled } }` (there is no /enable endpoint).
// Saving a model can carry a provider key: that goes through `useSaveModel`, which calls the API
// directly instead of a react-query mutation, so the typed key is never held in any cache.
import { useQuery, useQueryClient } from '@/lib/client/query';
import { useCallback, useState } from 'react';
import type { Provider } from '@/lib/catalog/providers';
import type { AiModelHistoryPage, AiModelInput, AiModelRecord, AiModelUpdate } from '@/lib/schemas/ai-model';
import { api } from './api';
import { modelChangesKey } from './query-keys';
import { defineResource } from './resource';
import { AI_MODELS, useProviders } from './resource-list';

export { useProviders };

export type { Provider };

const itemPath = (id: string) => `/ai-models/${encodeURIComponent(id)}`;

export const aiModels = defineResource(AI_MODELS);


/** The newest changes of one model (GET /ai-models/{id}/history, first page). */
export function useModelHistory(id: string, limit = 5) {
  return useQuery({
    queryKey: modelChangesKey(id, limit),
    queryFn: ({ signal }) => api<AiModelHistoryPage>(`${itemPath(id)}/history?limit=${limit}`, { signal }),
  });
}

/** Where one model's full history is read. */
export const modelHistoryHref = (id: string) => `/history/models?modelId=${encodeURIComponent(id)}`;

/**
 * Creates (no id) or updates a model. The body, key included, goes straight to the request and
 * is dropped with it: only the answer (an id, or the masked record) reaches the query cache.
 */
export function useSaveModel() {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const save = useCallback(
    async (id: string | null, model: AiModelInput | AiModelUpdate): Promise<{ id: string }> => {
      setPending(true);
      try {
        if (id === null) return await api<{ id: string }>('/ai-models', { method: 'POST', body: { model } });
        await api<AiModelRecord>(itemPath(id), { method: 'PUT', body: { model } });
        return { id };
      } finally {
        setPending(false);
        await client.invalidateQueries({ queryKey: aiModels.keys.all });
      }
    },
    [client],
  );
  return { save, pending };
}
