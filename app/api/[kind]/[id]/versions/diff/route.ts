// GET /api/{kind}/{id}/versions/diff?from=&to= — field-level diff of two versions (decision 013).
import { defineRoute } from '@/lib/api/route';
import { versionDiffHandler } from '@/lib/api/versions';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ kind: string; id: string }>('[kind]/[id]/versions/diff', { GET: versionDiffHandler });
