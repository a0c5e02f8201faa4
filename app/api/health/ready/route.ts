// GET /health/ready — readiness: the database answers a trivial query. 200 `{ status: "ready" }`,
// else 503 in the error envelope (also while the server drains before stopping, D13) (the failure's details go nowhere: no SQL, no host names).
// No credential and no brute-force counting.
import { ok } from '@/lib/api/envelope';
import { definePublicRoute } from '@/lib/api/route';
import { ApiError } from '@/lib/errors';
import { databaseReady } from '@/lib/server/db';
import { isDraining } from '@/lib/server/drain';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('health/ready', {
  GET: async () => {
    // Stopping (D13): a load balancer stops sending here while the requests in flight finish.
    if (isDraining()) throw new ApiError('unavailable', 'The server is shutting down');
    if (!(await databaseReady())) throw new ApiError('unavailable', 'The database is not reachable');
    return ok({ status: 'ready' });
  },
});
