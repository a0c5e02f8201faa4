// POST /api/ai-models/{id}/versions/{n}/restore — restores version n as a new version (decision 013).
import { defineRoute } from '@/lib/api/route';
import { versionRestoreHandler } from '@/lib/server/versions/routes';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string; n: string }>({ POST: versionRestoreHandler('ai-models') });
