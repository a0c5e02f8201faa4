// People from the command line (D11). Prints one JSON object per call.
//   npm run --silent user -- invite --company <companyId> --email <email> --role owner [--sectors a,b]
//     → the invitation as POST /api/invitations answers it, with its single-use `url`
//   npm run --silent user -- reset-password --email <email>
//     → { url, expiresAt, emailed }: a single-use link for the member to set a new password
// Links are built on PUBLIC_URL when set, else http://localhost:$PORT (3000). The activity of
// these commands names the actor `system`.
import { parseArgs } from 'node:util';
import { printResult, required as requiredFlag } from './lib/cli';
import { parseWith } from '../lib/api/validation';
import { invitationCreate } from '../lib/schemas/invitations';
import { getCompany } from '../lib/server/companies';
import { db, loadDatabase } from '../lib/server/db';
import { createInvitation, issueResetLink } from '../lib/server/invitations';
import { commandLine } from '../lib/server/members';
import { migrateDatabase } from '../lib/server/migrate';

const USAGE = `usage:
  user -- invite --company <id> --email <email> --role <owner|admin|editor|viewer> [--sectors a,b]
  user -- reset-password --email <email>`;

const ORIGIN = `http://localhost:${process.env.PORT || 3000}`;

const required = (value: string | undefined, flag: string) => requiredFlag(value, flag, USAGE);

async function run(): Promise<unknown> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { company: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, sectors: { type: 'string' } },
  });
  const command = positionals[0];
  if (command !== 'invite' && command !== 'reset-password') throw new Error(USAGE);
  await migrateDatabase();
  await loadDatabase();
  if (command === 'invite') {
    const company = await getCompany(required(values.company, 'company'));
    const sectors = values.sectors?.split(',').map((s) => s.trim()).filter(Boolean);
    const input = parseWith(invitationCreate, { email: required(values.email, 'email'), role: required(values.role, 'role'), sectors });
    return createInvitation(commandLine(company.id), input, ORIGIN);
  }
  const email = parseWith(invitationCreate.pick({ email: true }), { email: required(values.email, 'email') }).email;
  const member = await db().user.findUnique({ where: { email }, select: { id: true, companyId: true } });
  if (!member) throw new Error(`no member has the email ${email}`);
  return issueResetLink(commandLine(member.companyId), member.id, ORIGIN);
}

printResult(run);
