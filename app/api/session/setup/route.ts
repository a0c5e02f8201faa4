// GET /session/setup — { needsSetup } (public). POST — first run: company + first owner, signed in; 409 once set up.
import { ok } from '@/lib/api/envelope';
import { definePublicRoute } from '@/lib/api/route';
import { setup } from '@/lib/schemas/auth';
import { companyExists } from '@/lib/server/companies';
import { setupFirstCompany } from '@/lib/server/users';
import { assertConsoleRequest, signedInAnswer } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('session/setup', {
  GET: async () => ok({ needsSetup: !(await companyExists()) }),
  POST: async ({ req, body }) => {
    assertConsoleRequest(req);
    const input = await body(setup);
    return signedInAnswer(req, await setupFirstCompany(input), 201);
  },
});
