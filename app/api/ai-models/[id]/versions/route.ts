// GET /api/ai-models/{id}/versions — the resource's versions, newest first (decision 013).
import { defineRoute } from '@/lib/api/route';
import { versionListHandler } from '@/lib/server/versions/routes';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>({ GET: versionListHandler('ai-models') });
