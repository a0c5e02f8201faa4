// PUT /session/profile — { name?, email? }: a signed-in person changes their own name and email; answers the session (as GET /session).
// An API key's token has no profile (403); an email another member holds is a 409.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { profileUpdate } from '@/lib/schemas/members';
import { updateProfile } from '@/lib/server/members';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('session/profile', {
  PUT: async ({ actor, body }) => ok(await updateProfile(actor, await body(profileUpdate))),
});
