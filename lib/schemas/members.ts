// Members of a company (D11): the list, a change of role or sectors, and a person's own profile.
// The API routes and the console's Members and profile forms import these.
import { z } from 'zod';
import { ROLES } from '../kinds';
import { email } from './auth';
import { dateTime, sectors, stringArray, text } from './common';

export const role = z.enum(ROLES, { error: `must be one of ${[...ROLES].reverse().join(', ')}` });

/** One member: `id` is its user id (as in the sign-in answer); `sectors` [] = the whole company. */
export const memberRecord = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  sectors: stringArray,
  lastSignInAt: dateTime.nullable(),
});
export type MemberRecord = z.output<typeof memberRecord>;

/** GET /members. */
export const memberList = z.object({ items: z.array(memberRecord) });

/** PUT /members/{id}: either field, or both; an absent one stays. */
export const memberUpdate = z.object({ role: role.optional(), sectors: sectors.optional() });
export type MemberUpdateInput = z.output<typeof memberUpdate>;

/** PUT /session/profile: a signed-in person's own name and email; an absent one stays. */
export const profileUpdate = z.object({ name: text(200).optional(), email: email.optional() });
export type ProfileUpdateInput = z.output<typeof profileUpdate>;
