// POST /api-keys/{id}/roll { graceSeconds: 0 | 3600 | 86400 } — a replacement key (same name, role, sectors and expiry, its secret answered this once, 201); the old key ends after the grace period.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { apiKeyRoll } from '@/lib/schemas/auth';
import { rollApiKey } from '@/lib/server/companies';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>('api-keys/[id]/roll', {
  POST: async ({ actor, params, body }) => ok(await rollApiKey(actor, params.id, (await body(apiKeyRoll)).graceSeconds), 201),
});
