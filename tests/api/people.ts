// Factories for the people tests (D11): a company with an owner who signs in, invitations sent
// and accepted over HTTP as the console does, tokens read from the session cookie.
import { db } from '@/lib/server/db';
import { hashPassword } from '@/lib/server/crypto';
import { call, newCompany, registerLinkSecret, type ApiResponse, type TestCompany } from './helpers';

export const CONSOLE = { 'x-requested-with': 'console' };
export const PASSWORD = 'a long enough password';

let n = 0;
export const uniqueEmail = (label = 'person') => `${label}-${Date.now().toString(36)}-${++n}@example.test`;

/** A client address of its own for each credential attempt (the server trusts one proxy hop in the tests). */
export const fromAddress = () => ({ 'x-forwarded-for': `198.18.${Math.floor(n / 250) % 250}.${(++n % 250) + 1}` });

/** The access token the session cookie of a sign-in-like answer holds. */
export function sessionToken(res: ApiResponse): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith('aoc_session='));
  if (!line) throw new Error(`no session cookie in ${res.status} ${res.text.slice(0, 200)}`);
  return decodeURIComponent(line.slice('aoc_session='.length).split(';')[0]);
}

export type Person = { id: string; name: string; email: string; token: string };
export type Team = { company: TestCompany; owner: Person };

export async function signIn(email: string, password = PASSWORD): Promise<ApiResponse> {
  return call('/session/sign-in', { method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { email, password } });
}

/** A company (with its admin API key) and an owner, signed in. */
export async function newTeam(): Promise<Team> {
  const company = await newCompany();
  const email = uniqueEmail('owner');
  const user = await db().user.create({ data: { companyId: company.id, name: 'Olive Owner', email, passwordHash: await hashPassword(PASSWORD), role: 'owner' } });
  const res = await signIn(email);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return { company, owner: { id: user.id, name: user.name, email, token: sessionToken(res) } };
}

/** POST /invitations; registers the link's secret for the end-of-run scan. */
export async function invite(token: string, body: { email: string; role: string; sectors?: string[] }): Promise<ApiResponse> {
  const res = await call('/invitations', { method: 'POST', token, body });
  if (res.status === 201) registerLinkSecret(res.body.data.url);
  return res;
}

export const tokenOf = (url: string): string => new URL(url).searchParams.get('token') ?? '';

export function accept(secret: string, name = 'Newt Member', password = PASSWORD): Promise<ApiResponse> {
  return call('/invitations/accept', { method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { token: secret, name, password } });
}

/** A member of the team with `role` (and sectors), invited by the owner and signed in by accepting. */
export async function newMember(team: Team, role: string, sectors?: string[]): Promise<Person> {
  const email = uniqueEmail(role);
  const invited = await invite(team.owner.token, { email, role, sectors });
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${invited.text}`);
  const res = await accept(tokenOf(invited.body.data.url), `${role} member`);
  if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${res.text}`);
  return { id: res.body.data.user.id, name: res.body.data.user.name, email, token: sessionToken(res) };
}

/** The activity events of a company, oldest first (D12), as stored. */
export const eventsOf = (companyId: string) => db().activityEvent.findMany({ where: { companyId }, orderBy: { seq: 'asc' } });
