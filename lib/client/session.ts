// The signed-in person: who am I, first-run setup, sign-in, sign-out, password change. Tokens stay in httpOnly
// cookies; these calls only ever see the person and the company.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput, PasswordChanged, SessionRecord, SetupInput, SetupStatus, SignInInput } from '@/lib/schemas/auth';
import { api, leaveTo } from './api';

export const sessionKeys = {
  all: ['session'] as const,
  me: () => ['session', 'me'] as const,
  setupStatus: () => ['session', 'setup-status'] as const,
};

type SignedIn = SessionRecord & { expiresIn: number };

export function useSession() {
  return useQuery({ queryKey: sessionKeys.me(), queryFn: ({ signal }) => api<SessionRecord>('/session', { signal }), staleTime: 5 * 60_000 });
}

export function useSetupStatus() {
  return useQuery({
    queryKey: sessionKeys.setupStatus(),
    queryFn: ({ signal }) => api<SetupStatus>('/session/setup', { signal, refresh: false }),
  });
}

/** Signing in or setting up starts a fresh cache: nothing of a previous person may show. */
function useStartSession() {
  const client = useQueryClient();
  return (session: SignedIn) => {
    client.clear();
    const { expiresIn: _expiresIn, ...me } = session;
    client.setQueryData(sessionKeys.me(), me);
  };
}

export function useSignIn() {
  const start = useStartSession();
  return useMutation({
    mutationFn: (input: SignInInput) => api<SignedIn>('/session/sign-in', { method: 'POST', body: input, refresh: false }),
    onSuccess: start,
  });
}

export function useSetup() {
  const start = useStartSession();
  return useMutation({
    mutationFn: (input: SetupInput) => api<SignedIn>('/session/setup', { method: 'POST', body: input, refresh: false }),
    onSuccess: start,
  });
}

/** Signs out, then leaves with a full page load so that nothing of the session stays in memory. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await client.cancelQueries();
      return api<{ signedOut: true }>('/session/sign-out', { method: 'POST', refresh: false });
    },
    onSuccess: () => leaveTo('/sign-in?signed-out=1'),
  });
}

/** Changes the signed-in person's password (PUT /session/password); other sessions end, this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => api<PasswordChanged>('/session/password', { method: 'PUT', body: input }),
  });
}
