// The company's API keys: list, create (the secret is answered once), revoke.
import { useMutation, useQuery, useQueryClient } from '@/lib/client/query';
import type { ApiKeyCreateInput, ApiKeyRecord, CreatedApiKeyRecord } from '@/lib/schemas/auth';
import { api } from './api';

export const apiKeyKeys = { all: ['api-keys'] as const, list: () => ['api-keys', 'list'] as const };

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => api<ApiKeyRecord[]>('/api-keys', { signal }) });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreateInput) => api<CreatedApiKeyRecord>('/api-keys', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ApiKeyRecord>(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
