// GET /squads/{id}/usage — data: { items: [{ kind, id, name, ... }], total }: what uses the resource (lib/server/usage).
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { resourceUsage } from '@/lib/server/usage';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ id: string }>({
  GET: async ({ actor, params }) => ok(await resourceUsage(actor.companyId, 'squads', params.id)),
});
