// The signed-in person in the console: who am I, sign-out, password change (signing in and first-run
// setup: ./sign-in.ts). Tokens stay in httpOnly cookies; these calls only ever see the person and the company.
// The console's shell uses these on every page, so they need no react-query before first use
// (./query-hub.tsx, decision 028).
import type { PasswordChangeInput, PasswordChanged, SessionRecord } from '@/lib/schemas/auth';
import { api, leaveTo } from './api-later';
import { useLiveMutation, useSeededQuery } from './query-hub';
import { sessionKeys } from './query-keys';

export { sessionKeys };

export function useSession() {
  return useSeededQuery({ queryKey: sessionKeys.me(), queryFn: ({ signal }) => api<SessionRecord>('/session', { signal }), staleTime: 5 * 60_000 });
}

/** Signs out, then leaves with a full page load so that nothing of the session stays in memory. */
export function useSignOut() {
  return useLiveMutation<void>((client) => ({
    mutationFn: async () => {
      await client.cancelQueries();
      return api<{ signedOut: true }>('/session/sign-out', { method: 'POST', refresh: false });
    },
    onSuccess: () => leaveTo('/sign-in?signed-out=1'),
  }));
}

/** Changes the signed-in person's password (PUT /session/password); other sessions end, this one stays. */
export function useChangePassword() {
  return useLiveMutation<PasswordChangeInput, PasswordChanged>(() => ({
    mutationFn: (input) => api<PasswordChanged>('/session/password', { method: 'PUT', body: input }),
  }));
}
