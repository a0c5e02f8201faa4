// GET /members — every member of the company: { items: [{ id, name, email, role, sectors, lastSignInAt }] } (D11, viewer and above).
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { listMembers } from '@/lib/server/members';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('members', {
  GET: async ({ actor }) => ok({ items: await listMembers(actor.companyId) }),
});
