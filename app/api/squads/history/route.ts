// GET /squads/history — data: every squad change of the company, newest first (?squadId= filter).
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { squadHistoryQuery } from '@/lib/schemas/squad';
import { squadHistory } from '@/lib/server/squads';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('squads/history', {
  GET: async ({ actor, query }) => ok(await squadHistory(actor, query(squadHistoryQuery).squadId)),
});
