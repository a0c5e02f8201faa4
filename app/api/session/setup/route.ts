// GET /session/setup — { needsSetup } (public). POST — first run: company + first admin, signed in; 409 once set up.
import { ok } from '@/lib/api/envelope';
import { definePublicRoute } from '@/lib/api/route';
import { setup } from '@/lib/schemas/auth';
import { companyExists } from '@/lib/server/companies';
import { accountKey, newDeviceToken } from '@/lib/server/auth/device';
import { setupFirstCompany } from '@/lib/server/users';
import { assertConsoleRequest, withDeviceCookie, withSessionCookies } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('session/setup', {
  GET: async () => ok({ needsSetup: !(await companyExists()) }),
  POST: async ({ req, body }) => {
    assertConsoleRequest(req);
    const input = await body(setup);
    const { session, tokens } = await setupFirstCompany(input);
    const res = withSessionCookies(req, ok({ ...session, expiresIn: tokens.expiresIn }, 201), tokens);
    return withDeviceCookie(req, res, newDeviceToken(accountKey(input.email)));
  },
});
