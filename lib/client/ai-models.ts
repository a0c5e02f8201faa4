// AI models (reads answer `status: "ok"`; the company is taken from the session when no
// environment is sent, so the console sends none). Create and update bodies are `{ model }`;
// enable/disable is a partial PUT `{ model: { enabled } }` (there is no /enable endpoint).
// Saving a model can carry a provider key: that goes through `useSaveModel`, which calls the API
// directly instead of a react-query mutation, so the typed key is never held in any cache.
import { useCallback, useState } from 'react';
import type { Provider } from '@/lib/catalog/providers';
import type { AiModelHistoryPage, AiModelInput, AiModelRecord, AiModelUpdate } from '@/lib/schemas/ai-model';
import { api } from './api';
import { rememberVersion } from './loaded-versions';
import { useSeededQuery, useWithClient } from './query-hub';
import { modelChangesKey } from './query-keys';
import { defineResource, SAVE_TIMEOUT_MS, useIdempotencyKey } from './resource';
import { RESOURCES } from './kinds';
import { useProviders } from './resource-list';

export { useProviders };

export type { Provider };

const itemPath = (id: string) => `/ai-models/${encodeURIComponent(id)}`;

export const aiModels = defineResource(RESOURCES['ai-models']);


/** The newest changes of one model (GET /ai-models/{id}/history, first page). */
export function useModelHistory(id: string, limit = 5) {
  return useSeededQuery({
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
  const withClient = useWithClient();
  const [pending, setPending] = useState(false);
  const idempotency = useIdempotencyKey();
  const save = useCallback(
    /** `version`: the version the form loaded (If-Match) when updating; a creation carries an Idempotency-Key (decision 052). */
    async (id: string | null, model: AiModelInput | AiModelUpdate, version: number | null = null): Promise<{ id: string }> => {
      setPending(true);
      try {
        if (id === null) {
          const body = { model };
          const created = await api<{ id: string }>('/ai-models', { method: 'POST', body, headers: { 'idempotency-key': idempotency.keyFor(body) }, timeoutMs: SAVE_TIMEOUT_MS });
          idempotency.reset();
          return created;
        }
        await api<AiModelRecord>(itemPath(id), {
          method: 'PUT',
          body: { model },
          headers: version !== null ? { 'if-match': `"${version}"` } : undefined,
          timeoutMs: SAVE_TIMEOUT_MS,
          onVersion: (n) => rememberVersion(aiModels.keys.all[0], id, n),
        });
        return { id };
      } finally {
        setPending(false);
        await withClient((client) => client.invalidateQueries({ queryKey: aiModels.keys.all }));
      }
    },
    [withClient, idempotency],
  );
  return { save, pending };
}
