// Squads: GET /squads, GET /squads/{id} (the record with its `version`), POST/PUT { squad },
// PUT /squads/{id}/enable, DELETE. The designer saves with `If-Match: "<version>"` (D7): a save
// against a stale version answers 409 and changes nothing.
import type { SquadFields, SquadFormValues, SquadRecord } from '@/lib/schemas/squad';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '@/lib/api/session-cookie';
import { ApiClientError, api, leaveForSignIn, refreshSession, unwrap } from './api';
import { defineResource } from './resource';

export const squads = defineResource<SquadRecord, SquadFormValues>({
  key: 'squads',
  path: '/squads',
  createBody: (squad) => ({ squad }),
  updateBody: (squad) => ({ squad }),
});

const squadPath = (id: string) => `/squads/${encodeURIComponent(id)}`;

/** GET /squads/{id}, outside react-query (the designer reads the latest version on a conflict). */
export function fetchSquad(id: string, signal?: AbortSignal): Promise<SquadRecord> {
  return api<SquadRecord>(squadPath(id), { signal });
}

/**
 * PUT /squads/{id} `{ squad }` with `If-Match: "<version>"`; answers the saved squad (its new
 * version). Throws ApiClientError, status 409 when someone saved the squad meanwhile.
 * `api()` sends no extra headers, hence this one request of its own (same header, same refresh).
 */
export async function saveSquadVersion(id: string, squad: SquadFields, version: number): Promise<SquadRecord> {
  const send = async () => {
    try {
      return await fetch(`/api${squadPath(id)}`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE, accept: 'application/json', 'content-type': 'application/json', 'if-match': `"${version}"` },
        body: JSON.stringify({ squad }),
      });
    } catch {
      throw new ApiClientError(0, 'Cannot reach the server; check your connection and try again');
    }
  };
  let res = await send();
  if (res.status === 401) {
    if (await refreshSession()) res = await send();
    if (res.status === 401) {
      leaveForSignIn();
      throw new ApiClientError(401, 'Your session has ended; please sign in again');
    }
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return unwrap<SquadRecord>(res.status, body);
}
