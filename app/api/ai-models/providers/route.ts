// GET /ai-models/providers — `status: "ok"`, the providers and whether each requires or refuses an apikey.
import { okLower } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { PROVIDERS } from '@/lib/catalog/providers';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('ai-models/providers', {
  GET: async () => okLower(PROVIDERS),
});
