// GET /api/knowledge-bases/{id}/versions/{n} — one version with its full state (decision 013).
import { versionDetailRoute } from '@/lib/server/versions/routes';

export const { GET, POST, PUT, PATCH, DELETE } = versionDetailRoute('knowledge-bases');
