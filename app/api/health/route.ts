// GET /health — liveness: the process answers. No credential, no database, no brute-force
// counting (definePublicRoute checks nothing): load balancers and orchestrators poll it.
import { ok } from '@/lib/api/envelope';
import { definePublicRoute } from '@/lib/api/route';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('health', {
  GET: async () => ok({ status: 'ok' }),
}, { database: false });
