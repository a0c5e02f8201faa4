// GET /api/{kind}/{id}/versions/{n} — one version with its full state (decision 013).
import { defineRoute } from '@/lib/api/route';
import { versionDetailHandler } from '@/lib/api/versions';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ kind: string; id: string; n: string }>('[kind]/[id]/versions/[n]', { GET: versionDetailHandler });
