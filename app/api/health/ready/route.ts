// GET /health/ready — readiness: the database answers a trivial query. 200 `{ status: "ready" }`,
// else 503 in the error envelope (the failure's details go nowhere: no SQL, no host names).
// No credential and no brute-force counting.
import { ok } from '@/lib/api/envelope';
import { definePublicRoute } from '@/lib/api/route';
import { ApiError } from '@/lib/errors';
import { databaseReady } from '@/lib/server/db';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute({
  GET: async () => {
    if (!(await databaseReady())) throw new ApiError('unavailable', 'The database is not reachable');
    return ok({ status: 'ready' });
  },
});
