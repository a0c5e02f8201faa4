// The company's API keys: list, create (the secret is answered once), revoke. Through the seeded
// hooks (./query-hub.tsx): react-query is loaded after the page is hydrated (decision 028).
import type { ApiKeyCreateInput, ApiKeyRecord, CreatedApiKeyRecord } from '@/lib/schemas/auth';
import { api } from './api-later';
import { useLiveMutation, useSeededQuery } from './query-hub';

export const apiKeyKeys = { all: ['api-keys'] as const, list: () => ['api-keys', 'list'] as const };

export function useApiKeys() {
  return useSeededQuery({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => api<ApiKeyRecord[]>('/api-keys', { signal }) });
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
