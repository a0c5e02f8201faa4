// GET /company — the caller's company { id, name, createdAt } (every member); PUT — { name } renames it (owner).
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { companyUpdate } from '@/lib/schemas/company';
import { getCompany, renameCompany } from '@/lib/server/companies';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('company', {
  GET: async ({ actor }) => ok(await getCompany(actor.companyId)),
  PUT: async ({ actor, body }) => ok(await renameCompany(actor.companyId, await body(companyUpdate))),
});
