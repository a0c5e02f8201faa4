// POST /api/tools/{id}/versions/{n}/restore — restores version n as a new version (decision 013).
import { versionRestoreRoute } from '@/lib/server/versions/routes';

export const { GET, POST, PUT, PATCH, DELETE } = versionRestoreRoute('tools');
