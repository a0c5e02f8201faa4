// GET /api-keys — the company's API keys as `data.items` (never their secrets). POST { name, role, sectors?, expiresAt? } — a new key within the creator's role and sectors, its secret answered this once (201).
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { apiKeyCreate } from '@/lib/schemas/auth';
import { createApiKey, listApiKeys } from '@/lib/server/companies';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('api-keys', {
  GET: async ({ actor }) => ok(await listApiKeys(actor)),
  POST: async ({ actor, body }) => ok(await createApiKey(actor, await body(apiKeyCreate)), 201),
});
