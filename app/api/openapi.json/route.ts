// GET /openapi.json — the OpenAPI 3.1 document, generated from the zod schemas the routes use
// (lib/api/openapi). No credential, no database; built once per process. No envelope: it is the document.
import { JSON_HEADERS } from '@/lib/api/envelope';
import { definePublicRoute } from '@/lib/api/route';
import { openApiJson } from '@/lib/api/openapi/document';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('openapi.json', {
  GET: async () => new Response(openApiJson(), { status: 200, headers: { ...JSON_HEADERS, 'cache-control': 'public, max-age=300' } }),
}, { database: false });
