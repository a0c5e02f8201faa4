// Signing in and first-run setup, for the sign-in and setup pages. Plain calls, not react-query
// mutations: those pages carry no QueryClient (decision 012); the form's own submit state
// (react-hook-form's isSubmitting) shows the pending request. The signed-in person is handed to
// the console's fresh QueryClient (./session-handoff.ts). Tokens stay in httpOnly cookies.
import type { SessionRecord, SetupInput, SignInInput } from '@/lib/schemas/auth';
import { api } from './api';
import { handOffSignedIn } from './session-handoff';

type SignedIn = SessionRecord & { expiresIn: number };

function started({ expiresIn: _expiresIn, ...me }: SignedIn): SessionRecord {
  handOffSignedIn(me);
  return me;
}

export async function signIn(input: SignInInput): Promise<SessionRecord> {
  return started(await api<SignedIn>('/session/sign-in', { method: 'POST', body: input, refresh: false }));
}

export async function setUp(input: SetupInput): Promise<SessionRecord> {
  return started(await api<SignedIn>('/session/setup', { method: 'POST', body: input, refresh: false }));
}
