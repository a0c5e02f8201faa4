// GET /api/{kind}/{id}/versions — the resource's versions, newest first (decision 013), for every kind of lib/kinds.
import { defineRoute } from '@/lib/api/route';
import { versionListHandler } from '@/lib/api/versions';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ kind: string; id: string }>('[kind]/[id]/versions', { GET: versionListHandler });
