// PUT /knowledge-bases/{id}/file — multipart/form-data field "file" (at most 20 MiB), answers the updated record.
// GET /knowledge-bases/{id}/file — the stored file, streamed from whichever store holds it (D13).
import { ok } from '@/lib/api/envelope';
import { fileResponse } from '@/lib/api/download';
import { defineRoute } from '@/lib/api/route';
import { readKnowledgeBaseFile, uploadKnowledgeBaseFile } from '@/lib/server/knowledge-bases';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('knowledge-bases/[id]/file', {
  GET: async ({ actor, params }) => fileResponse(await readKnowledgeBaseFile(actor, params.id)),
  PUT: async ({ actor, params, req }) => ok(await uploadKnowledgeBaseFile(actor, params.id, req)),
});
