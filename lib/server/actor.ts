import { isRole, type Role } from '../kinds/access';
// Who a history record names (D3): the person, or the API key's name and id.

export const responsibleOf = (actor: Actor) => ({ responsible: actor.name, responsibleId: actor.id });

export const stringArray = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Who makes a request: a company API key or a signed-in person. History records name them. */
export type Actor = {
  companyId: string;
  kind: 'apiKey' | 'user';
  id: string;
  name: string;
  userId: string | null;
  /** D11: the person's role, or the key's (keys made before roles: admin). */
  role: Role;
  /** The sectors the caller is limited to; [] = the whole company (D11). */
  sectors: string[];
};

/** A role read from the database (anything unknown reads as the lowest, viewer). */
export const roleOf = (value: unknown): Role => (isRole(value) ? value : 'viewer');
