// Knowledge bases: GET /knowledge-bases, GET /knowledge-bases/{id} (the record),
// POST/PUT { knowledgeBase, filename } (PUT is a full replace), PUT /knowledge-bases/{id}/file
// (multipart field `file`, at most 20 MiB). There is no /enable endpoint: enable/disable reads
// the stored record and sends it back whole with `enabled` flipped.
import { useLiveMutation } from './query-hub';
import type { KnowledgeBaseRecord } from '@/lib/schemas/knowledge-base';
import { api, apiDownload } from './api';
import { defineResource } from './resource';
import { RESOURCES, storedFields, type KnowledgeBaseBody } from './kinds';
import { formatBytes } from './resource-list';

export type { KnowledgeBaseBody };
export { storedFields };
export { formatBytes };

/** The largest file the API takes (D9). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

const base = defineResource(RESOURCES['knowledge-bases']);

export const knowledgeBases = base;

/** Why a file cannot be uploaded, checked in the browser before sending it; null when it can. */
export function fileProblem(file: File): string | null {
  if (file.size > MAX_FILE_BYTES) return `The file is ${formatBytes(file.size)}; the largest file accepted is 20 MB (20 MiB)`;
  if (file.size === 0) return 'The file is empty';
  return null;
}

/** Uploads a file's bytes; `onProgress` gets 0…1 while they are sent. Answers the updated record. */
/** Saves the stored file of a file base (GET /knowledge-bases/{id}/file) as `filename`. */
export const downloadFile = (id: string, filename: string): Promise<void> => apiDownload(`${base.itemPath(id)}/file`, filename);

export function useUploadFile() {
  return useLiveMutation<{ id: string; file: File; onProgress: (fraction: number) => void }, KnowledgeBaseRecord>((client) => ({
    mutationFn: ({ id, file, onProgress }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<KnowledgeBaseRecord>(`${base.itemPath(id)}/file`, { method: 'PUT', rawBody: form, onUploadProgress: onProgress });
    },
    onSuccess: (record) => {
      client.setQueryData(base.keys.detail(record.id), record);
      return client.invalidateQueries({ queryKey: base.keys.all });
    },
  }));
}
