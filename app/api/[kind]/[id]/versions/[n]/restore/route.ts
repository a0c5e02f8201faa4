// POST /api/{kind}/{id}/versions/{n}/restore — restores version n as a new version (decision 013).
import { defineRoute } from '@/lib/api/route';
import { versionRestoreHandler } from '@/lib/api/versions';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ kind: string; id: string; n: string }>('[kind]/[id]/versions/[n]/restore', { POST: versionRestoreHandler });
