// GET /health — liveness: the process answers. No credential, no database, no brute-force
// counting (definePublicRoute checks nothing): load balancers and orchestrators poll it. The custom
// server answers GET and HEAD itself, before Next.js (server/front-door.ts, decision 105), with the
// same answer; this route answers them when Next.js is reached directly, and the other methods' 405.
import { LIVENESS, ok } from '@/lib/api/envelope';
import { definePublicRoute } from '@/lib/api/route';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('health', {
  GET: async () => ok(LIVENESS.data),
}, { database: false });
