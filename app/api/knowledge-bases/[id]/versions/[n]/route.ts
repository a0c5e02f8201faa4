// GET /api/knowledge-bases/{id}/versions/{n} — one version with its full state (decision 013).
import { defineRoute } from '@/lib/api/route';
import { versionDetailHandler } from '@/lib/server/versions/routes';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string; n: string }>({ GET: versionDetailHandler('knowledge-bases') });
