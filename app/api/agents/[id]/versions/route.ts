// GET /api/agents/{id}/versions — the resource's versions, newest first (decision 013).
import { versionListRoute } from '@/lib/server/versions/routes';

export const { GET, POST, PUT, PATCH, DELETE } = versionListRoute('agents');
