// GET /api/tools/{id}/versions/diff?from=&to= — field-level diff of two versions (decision 013).
import { defineRoute } from '@/lib/api/route';
import { versionDiffHandler } from '@/lib/server/versions/routes';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>({ GET: versionDiffHandler('tools') });
