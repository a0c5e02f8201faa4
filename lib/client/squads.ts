// Squads: GET /squads, GET /squads/{id} (the record with its `version`), POST/PUT { squad },
// PUT /squads/{id}/enable, DELETE; GET /squads/history (?squadId=). The designer saves with `If-Match: "<version>"` (D7): a save
// against a stale version answers 409 and changes nothing.
import { useLiveMutation } from './query-hub';
import type { SquadFields, SquadRecord } from '@/lib/schemas/squad';
import { api } from './api';
import { defineResource } from './resource';
import { RESOURCES } from './kinds';

export { useSquadHistory } from './history';

export const squads = defineResource(RESOURCES.squads);

const squadPath = (id: string) => `/squads/${encodeURIComponent(id)}`;

/** GET /squads/{id}, outside react-query (the designer reads the latest version on a conflict). */
export function fetchSquad(id: string, signal?: AbortSignal): Promise<SquadRecord> {
  return api<SquadRecord>(squadPath(id), { signal });
}

/**
 * PUT /squads/{id} `{ squad }` with `If-Match: "<version>"`; answers the saved squad (its new
 * version). Throws ApiClientError, status 409 when someone saved the squad meanwhile.
 */
export function saveSquadVersion(id: string, squad: SquadFields, version: number): Promise<SquadRecord> {
  return api<SquadRecord>(squadPath(id), { method: 'PUT', body: { squad }, headers: { 'if-match': `"${version}"` } });
}

/** The squad pages' save: PUT /squads/{id} with `If-Match` (see saveSquadVersion); refreshes every squad query. */
export function useSaveSquad() {
  return useLiveMutation<{ id: string; squad: SquadFields; version: number }, SquadRecord>((client) => ({
    mutationFn: ({ id, squad, version }) => saveSquadVersion(id, squad, version),
    onSuccess: (saved) => {
      client.setQueryData(squads.keys.detail(saved.id), saved);
      return client.invalidateQueries({ queryKey: squads.keys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  }));
}
