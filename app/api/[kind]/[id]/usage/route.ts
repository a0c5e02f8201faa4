// GET /{kind}/{id}/usage — data: { items: [{ kind, id, name, ... }], total }: what uses the resource (lib/server/usage), for every kind of lib/kinds.
import { ok } from '@/lib/api/envelope';
import { pathKind } from '@/lib/api/kinds';
import { defineRoute } from '@/lib/api/route';
import { resourceUsage } from '@/lib/server/usage';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute<{ kind: string; id: string }>('[kind]/[id]/usage', {
  GET: async ({ actor, params }) => ok(await resourceUsage(actor, pathKind(params.kind).key, params.id)),
});
