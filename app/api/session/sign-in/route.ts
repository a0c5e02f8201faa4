// POST /session/sign-in — { email, password } → session cookies and { user, company, actor, expiresIn }; 401 alike for unknown email and wrong password.
// Brute force (decision 009): a browser with this account's device cookie is limited on its own
// (more than 10 wrong passwords in 15 minutes); any other attempt counts against the client's
// address (more than 20 in a minute, D2) and the account (more than 10 in 15 minutes, from any
// address) before the password is checked, and a full bucket answers 429 with retry-after.
import { ApiError } from '@/lib/errors';
import { definePublicRoute } from '@/lib/api/route';
import { signIn } from '@/lib/schemas/auth';
import { countedAttempt } from '@/lib/server/auth/rate-limit';
import { signInWithPassword } from '@/lib/server/users';
import { assertConsoleRequest, passwordBuckets, signedInAnswer } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute('session/sign-in', {
  POST: async ({ req, body, remoteAddress }) => {
    assertConsoleRequest(req);
    const input = await body(signIn);
    // A wrong password keeps the attempt counted; a right one is uncounted.
    const signedIn = await countedAttempt(passwordBuckets(req, input.email, remoteAddress), () => signInWithPassword(input));
    if (!signedIn) throw new ApiError('unauthorized', 'Wrong email or password');
    return signedInAnswer(req, signedIn);
  },
});
