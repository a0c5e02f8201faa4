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
};
