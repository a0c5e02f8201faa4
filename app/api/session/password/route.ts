// PUT /session/password — { currentPassword, newPassword } → { passwordChanged: true, otherSessionsEnded }.
// Only a signed-in person (not an API key's token) changes their own password. A wrong current
// password is a 400 naming `currentPassword` and counts as a failed credential, against the same
// buckets as a password sign-in (decision 009: the trusted browser's device bucket, else the
// client's address and the account), so a stolen session cannot guess the password unhindered.
// Success retires every other session of the person; this one stays signed in (decision 018).
import { ok } from '@/lib/api/envelope';
import { ApiError, invalidField } from '@/lib/errors';
import { accessToken, defineRoute, remoteAddress } from '@/lib/api/route';
import { passwordChange, type PasswordChanged } from '@/lib/schemas/auth';
import { accountKey, trustedDevice } from '@/lib/server/auth/device';
import { countAttempt, releaseAttempt, type Bucket } from '@/lib/server/auth/rate-limit';
import { db } from '@/lib/server/db';
import { changePassword } from '@/lib/server/users';
import { deviceCookie } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('session/password', {
  PUT: async ({ req, actor, body }) => {
    if (actor.kind !== 'user' || !actor.userId) throw new ApiError('forbidden', 'Only a signed-in person can change their password');
    const input = await body(passwordChange);
    const token = accessToken(req);
    const person = await db().user.findUnique({ where: { id: actor.userId }, select: { email: true } });
    if (!token || !person) throw new ApiError('unauthorized', 'Invalid access token');
    const account = accountKey(person.email);
    const device = trustedDevice(deviceCookie(req), account);
    const buckets: Bucket[] = device
      ? [{ scope: 'device', key: device }]
      : [
          { scope: 'address', key: remoteAddress() },
          { scope: 'account', key: account },
        ];
    const attempt = await countAttempt(buckets);
    let changed: { otherSessionsEnded: number } | null;
    try {
      changed = await changePassword(actor.userId, token, input);
    } catch (error) {
      await releaseAttempt(attempt);
      throw error;
    }
    // A wrong current password keeps the attempt counted; a right one is uncounted.
    if (!changed) throw invalidField('currentPassword', 'is not your current password');
    await releaseAttempt(attempt);
    const answer: PasswordChanged = { passwordChanged: true, otherSessionsEnded: changed.otherSessionsEnded };
    return ok(answer);
  },
});
