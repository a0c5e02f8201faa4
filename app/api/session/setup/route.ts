// GET /session/setup — { needsSetup } (public). POST — first run: company + first admin, signed in; 409 once set up.
import { ok } from '@/lib/api/envelope';
import { definePublicRoute } from '@/lib/api/route';
import { setup } from '@/lib/schemas/auth';
import { companyExists } from '@/lib/server/companies';
import { setupFirstCompany } from '@/lib/server/users';
import { assertConsoleRequest, withSessionCookies } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute({
  GET: async () => ok({ needsSetup: !(await companyExists()) }),
  POST: async ({ req, body }) => {
    assertConsoleRequest(req);
    const input = await body(setup);
    const { session, tokens } = await setupFirstCompany(input);
    return withSessionCookies(req, ok({ ...session, expiresIn: tokens.expiresIn }, 201), tokens);
  },
});
