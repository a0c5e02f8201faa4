// Knowledge bases: GET /knowledge-bases, GET /knowledge-bases/{id} (the record),
// POST/PUT { knowledgeBase, filename } (PUT is a full replace), PUT /knowledge-bases/{id}/file
// (multipart field `file`, at most 20 MiB). There is no /enable endpoint: enable/disable reads
// the stored record and sends it back whole with `enabled` flipped.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeBaseFormValues, KnowledgeBaseRecord } from '@/lib/schemas/knowledge-base';
import { api } from './api';
import { defineResource } from './resource';

/** The body of POST and PUT, as the API reads it. */
export type KnowledgeBaseBody = { knowledgeBase: KnowledgeBaseFormValues; filename?: string | null };

/** The largest file the API takes (D9). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

const itemPath = (id: string) => `/knowledge-bases/${encodeURIComponent(id)}`;

/** The stored fields of a record, as a PUT body carries them (the service keeps a file base's content). */
export function storedFields(kb: KnowledgeBaseRecord): KnowledgeBaseFormValues {
  return {
    name: kb.name,
    description: kb.description,
    enabled: kb.enabled,
    sectors: kb.sectors,
    content: kb.type === 'file' ? '' : kb.content,
    type: kb.type,
    multimodal: kb.multimodal,
    tags: kb.tags,
  };
}

const base = defineResource<KnowledgeBaseRecord, KnowledgeBaseBody>({
  key: 'knowledge-bases',
  path: '/knowledge-bases',
  // Never sent: useSetEnabled below replaces the default enable request.
  enable: (id) => ({ path: itemPath(id), body: null }),
});

type Vars = { id: string; enabled: boolean };

/** Optimistic like the other resources' switches; the PUT carries the fresh record, `enabled` flipped. */
function useSetEnabled() {
  const client = useQueryClient();
  const keys = base.keys;
  return useMutation({
    mutationFn: async ({ id, enabled }: Vars) => {
      const stored = await api<KnowledgeBaseRecord>(itemPath(id));
      return api<KnowledgeBaseRecord>(itemPath(id), { method: 'PUT', body: { knowledgeBase: { ...storedFields(stored), enabled } } });
    },
    onMutate: async ({ id, enabled }: Vars) => {
      await client.cancelQueries({ queryKey: keys.all });
      const list = client.getQueryData<KnowledgeBaseRecord[]>(keys.list());
      const detail = client.getQueryData<KnowledgeBaseRecord>(keys.detail(id));
      client.setQueryData<KnowledgeBaseRecord[]>(keys.list(), (rows) => rows?.map((row) => (row.id === id ? { ...row, enabled } : row)));
      client.setQueryData<KnowledgeBaseRecord>(keys.detail(id), (row) => (row ? { ...row, enabled } : row));
      return { list, detail };
    },
    onError: (_error, { id }, snapshot) => {
      if (!snapshot) return;
      client.setQueryData(keys.list(), snapshot.list);
      client.setQueryData(keys.detail(id), snapshot.detail);
    },
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export const knowledgeBases = { ...base, useSetEnabled };

/** "1.2 MB": a byte count as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** Why a file cannot be uploaded, checked in the browser before sending it; null when it can. */
export function fileProblem(file: File): string | null {
  if (file.size > MAX_FILE_BYTES) return `The file is ${formatBytes(file.size)}; the largest file accepted is 20 MB (20 MiB)`;
  if (file.size === 0) return 'The file is empty';
  return null;
}

/** Uploads a file's bytes; `onProgress` gets 0…1 while they are sent. Answers the updated record. */
export function useUploadFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<KnowledgeBaseRecord>(`${itemPath(id)}/file`, { method: 'PUT', rawBody: form, onUploadProgress: onProgress });
    },
    onSuccess: (record) => {
      client.setQueryData(base.keys.detail(record.id), record);
      return client.invalidateQueries({ queryKey: base.keys.all });
    },
  });
}
