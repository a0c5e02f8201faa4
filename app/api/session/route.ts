// GET /session — who is calling: { user, company, actor } (a signed-in person, or an API key's token).
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { sessionFor } from '@/lib/server/users';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('session', {
  GET: async ({ actor }) => ok(await sessionFor(actor)),
});
