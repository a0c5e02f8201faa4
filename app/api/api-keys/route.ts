// GET /api-keys — the company's API keys (never their secrets). POST { name } — a new key, its secret answered this once (201).
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { activityActorOf } from '@/lib/server/activity';
import { apiKeyCreate } from '@/lib/schemas/auth';
import { createApiKey, listApiKeys } from '@/lib/server/companies';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('api-keys', {
  GET: async ({ actor }) => ok(await listApiKeys(actor.companyId)),
  POST: async ({ actor, body }) => ok(await createApiKey(actor.companyId, (await body(apiKeyCreate)).name, activityActorOf(actor)), 201),
});
