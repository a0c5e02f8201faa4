// The company's API keys: list, create and roll (the secret is answered once), revoke. Through the
// seeded hooks (./query-hub.tsx): react-query is loaded after the page is hydrated (decision 028).
import type { ApiKeyCreateInput, ApiKeyList, ApiKeyRecord, CreatedApiKeyRecord, RolledApiKeyRecord } from '@/lib/schemas/auth';
import { api } from './api-later';
import { useLiveMutation, useSeededQuery } from './query-hub';

export const apiKeyKeys = { all: ['api-keys'] as const, list: () => ['api-keys', 'list'] as const };

export function useApiKeys() {
  return useSeededQuery({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => api<ApiKeyList>('/api-keys', { signal }) });
}

export function useCreateApiKey() {
  return useLiveMutation<ApiKeyCreateInput, CreatedApiKeyRecord>((client) => ({
    mutationFn: (input) => api<CreatedApiKeyRecord>('/api-keys', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  }));
}

export function useRevokeApiKey() {
  return useLiveMutation<string, ApiKeyRecord>((client) => ({
    mutationFn: (id) => api<ApiKeyRecord>(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  }));
}

/** Rolls a key (decision 084): the replacement's secret comes back once; the old key ends after the grace period. */
export function useRollApiKey() {
  return useLiveMutation<{ id: string; graceSeconds: number }, RolledApiKeyRecord>((client) => ({
    mutationFn: ({ id, graceSeconds }) => api<RolledApiKeyRecord>(`/api-keys/${encodeURIComponent(id)}/roll`, { method: 'POST', body: { graceSeconds } }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  }));
}
