// PUT /knowledge-bases/{id}/file — multipart/form-data field "file" (at most 20 MiB), answers the updated record.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { uploadKnowledgeBaseFile } from '@/lib/server/knowledge-bases';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('knowledge-bases/[id]/file', {
  PUT: async ({ actor, params, req }) => ok(await uploadKnowledgeBaseFile(actor, params.id, req)),
});
