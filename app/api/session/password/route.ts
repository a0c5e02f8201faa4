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
import { countedAttempt } from '@/lib/server/auth/rate-limit';
import { db } from '@/lib/server/db';
import { changePassword } from '@/lib/server/users';
import { passwordBuckets } from '../cookies';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('session/password', {
  PUT: async ({ req, actor, body }) => {
    if (actor.kind !== 'user' || !actor.userId) throw new ApiError('forbidden', 'Only a signed-in person can change their password');
    const userId = actor.userId;
    const input = await body(passwordChange);
    const token = accessToken(req);
    const person = await db().user.findUnique({ where: { id: userId }, select: { email: true } });
    if (!token || !person) throw new ApiError('unauthorized', 'Invalid access token');
    // A wrong current password keeps the attempt counted; a right one is uncounted.
    const changed = await countedAttempt(passwordBuckets(req, person.email, remoteAddress()), () => changePassword(userId, token, input));
    if (!changed) throw invalidField('currentPassword', 'is not your current password');
    const answer: PasswordChanged = { passwordChanged: true, otherSessionsEnded: changed.otherSessionsEnded };
    return ok(answer);
  },
});
