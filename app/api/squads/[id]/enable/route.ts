// PUT /squads/{id}/enable — body { enabled }, answers data: { id, enabled }; a refused body on an existing squad is recorded.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { ifMatch } from '@/lib/server/concurrency';
import { enableBody } from '@/lib/schemas/common';
import { recordingRefusal, setSquadEnabled } from '@/lib/server/squads';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('squads/[id]/enable', {
  PUT: async ({ actor, params, body, req }) =>
    ok(await recordingRefusal(actor, params.id, 'enable', async () => setSquadEnabled(actor, params.id, (await body(enableBody)).enabled, ifMatch(req)))),
});
