// PUT /agents/{id}/enable — body { enabled }, answers data: { id, enabled }; honours If-Match.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { ifMatch } from '@/lib/server/concurrency';
import { enableBody } from '@/lib/schemas/common';
import { setAgentEnabled } from '@/lib/server/agents';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('agents/[id]/enable', {
  PUT: async ({ actor, params, body, req }) => ok(await setAgentEnabled(actor, params.id, (await body(enableBody)).enabled, ifMatch(req))),
});
