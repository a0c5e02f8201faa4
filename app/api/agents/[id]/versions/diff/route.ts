// GET /api/agents/{id}/versions/diff?from=&to= — field-level diff of two versions (decision 013).
import { versionDiffRoute } from '@/lib/server/versions/routes';

export const { GET, POST, PUT, PATCH, DELETE } = versionDiffRoute('agents');
