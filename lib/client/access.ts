// What the signed-in person (or API key) may do in the console (D11, decision 079): the role and
// sectors come with the session (GET /api/session, read once by ./session.ts's query, seeded by
// the server on most pages); the rules are lib/kinds/access.ts's, the same table the API enforces.
// The console hides or disables what the role cannot do; the API refuses it anyway (403).
import { findKind, type KindKey, type Verb } from '@/lib/kinds';
import { atLeast, mayDo, type Role } from '@/lib/kinds/access';
import { useSession } from './session';

export type Access = {
  /** false while the session is loading: nothing is allowed yet (a viewer never sees a control flash). */
  ready: boolean;
  role: Role | null;
  /** [] = the whole company. */
  sectors: string[];
  /** Whether the caller's role is `need` or above. */
  reaches: (need: Role) => boolean;
};

/** The caller's role and sectors, from the one session query. */
export function useRole(): Access {
  const session = useSession();
  const role = session.data?.role ?? null;
  return { ready: role !== null, role, sectors: session.data?.sectors ?? [], reaches: (need) => role !== null && atLeast(role, need) };
}

/** What each role may do, in a sentence (the role pickers' hints). */
export const ROLE_TEXT: Readonly<Record<Role, string>> = {
  viewer: 'Viewers read everything and change nothing',
  editor: 'Editors also create, edit and delete agents, squads, tools, knowledge bases and models',
  admin: 'Admins also manage members, invitations, API keys and activity',
  owner: 'Owners also manage owners and the company',
};

/** "Viewer": a role as a picker's option. */
export const roleLabel = (role: Role): string => role[0]!.toUpperCase() + role.slice(1);

/** Whether an action is allowed, and if not, why (for a disabled control's hover and focus text). */
export type Permission = { allowed: boolean; reason: string };

const WHO: Record<Role, string> = { viewer: 'Everyone', editor: 'Editors and above', admin: 'Admins and owners', owner: 'Only owners' };

/** "Editors and above can delete agents": who may do `what`. */
export const reasonFor = (need: Role, what: string): string => `${WHO[need]} can ${what}`;

const VERB_PHRASE: Record<Verb, (plural: string) => string> = {
  read: (p) => `see ${p}`,
  create: (p) => `create ${p}`,
  update: (p) => `edit ${p}`,
  delete: (p) => `delete ${p}`,
  enable: (p) => `enable or disable ${p}`,
  restore: (p) => `restore versions of ${p}`,
  upload: (p) => `upload files to ${p}`,
};

/**
 * The console's one permission hook: `useCan('agents', 'delete')` (a kind's verb, as its registry
 * entry says) or `useCan('admin', 'invite members')` (a role, for what is not a kind's).
 */
export function useCan(kind: KindKey, verb: Verb): Permission;
export function useCan(need: Role, what: string): Permission;
export function useCan(first: KindKey | Role, second: string): Permission {
  const { role } = useRole();
  const kind = findKind(first);
  if (kind) {
    const verb = second as Verb;
    const need = kind.roles[verb];
    return { allowed: role !== null && mayDo(role, kind.key, verb), reason: reasonFor(need, VERB_PHRASE[verb](kind.plural)) };
  }
  const need = first as Role;
  return { allowed: role !== null && atLeast(role, need), reason: reasonFor(need, second) };
}
