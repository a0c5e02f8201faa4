// POST /session/sign-in — { email, password } → session cookies and { user, company, actor, expiresIn }; 401 alike for unknown email and wrong password.
// Brute force (decision 009): a browser with this account's device cookie is limited on its own
// (more than 10 wrong passwords in 15 minutes); any other attempt counts against the client's
// address (more than 20 in a minute, D2) and the account (more than 10 in 15 minutes, from any
// address) before the password is checked, and a full bucket answers 429 with retry-after.
import { ok } from '@/lib/api/envelope';
import { ApiError } from '@/lib/errors';
import { definePublicRoute } from '@/lib/api/route';
import { signIn } from '@/lib/schemas/auth';
import { accountKey, newDeviceToken, trustedDevice } from '@/lib/server/auth/device';
import { countAttempt, releaseAttempt, type Bucket } from '@/lib/server/auth/rate-limit';
import { signInWithPassword, type SignedIn } from '@/lib/server/users';
import { assertConsoleRequest, deviceCookie, withDeviceCookie, withSessionCookies } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('session/sign-in', {
  POST: async ({ req, body, remoteAddress }) => {
    assertConsoleRequest(req);
    const input = await body(signIn);
    const account = accountKey(input.email);
    const device = trustedDevice(deviceCookie(req), account);
    const buckets: Bucket[] = device
      ? [{ scope: 'device', key: device }]
      : [
          { scope: 'address', key: remoteAddress },
          { scope: 'account', key: account },
        ];
    const attempt = await countAttempt(buckets);
    let signedIn: SignedIn | null;
    try {
      signedIn = await signInWithPassword(input);
    } catch (error) {
      await releaseAttempt(attempt);
      throw error;
    }
    // A wrong password keeps the attempt counted; a right one is uncounted.
    if (!signedIn) throw new ApiError('unauthorized', 'Wrong email or password');
    await releaseAttempt(attempt);
    const res = withSessionCookies(req, ok({ ...signedIn.session, expiresIn: signedIn.tokens.expiresIn }), signedIn.tokens);
    return withDeviceCookie(req, res, newDeviceToken(account));
  },
});
