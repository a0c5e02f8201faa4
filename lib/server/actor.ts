// Who a history record names (D3): the person, or the API key's name and id.
import type { Actor } from './auth/tokens';

export const responsibleOf = (actor: Actor) => ({ responsible: actor.name, responsibleId: actor.id });

export const stringArray = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
