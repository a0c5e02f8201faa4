// Signing in, first-run setup and the invitation and reset links, for their pages. Plain calls, not react-query
// mutations: those pages carry no QueryClient (decision 028); the form's own submit state
// (react-hook-form's isSubmitting) shows the pending request. The request path (./api.ts, the
// console's one) is loaded once the page is idle (`preloadSignIn`) or at the first submit, not
// in the first load. The signed-in person is handed to the console's fresh QueryClient
// (./session-handoff.ts). Tokens stay in httpOnly cookies.
import type { SessionRecord, SetupInput, SignInInput } from '@/lib/schemas/auth';
import type { InvitationAcceptInput, PasswordResetInput } from '@/lib/schemas/invitations';
import { handOffSignedIn } from './session-handoff';

type SignedIn = SessionRecord & { expiresIn: number };

let loading: Promise<typeof import('./api')> | undefined;
const loadApi = () =>
  (loading ??= import('./api').catch((error: unknown) => {
    loading = undefined; // a failed load (connection lost) is tried again at the next submit
    throw error;
  }));

/** Starts loading the request path once the page is idle. */
export function preloadSignIn(): void {
  if (typeof window === 'undefined') return;
  const start = () => void loadApi();
  if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 2000 });
  else window.setTimeout(start, 300);
}

async function start(path: string, input: SignInInput | SetupInput | InvitationAcceptInput | PasswordResetInput): Promise<SessionRecord> {
  const { api } = await loadApi();
  const { expiresIn: _expiresIn, ...me } = await api<SignedIn>(path, { method: 'POST', body: input, refresh: false });
  handOffSignedIn(me);
  return me;
}

export const signIn = (input: SignInInput) => start('/session/sign-in', input);
export const setUp = (input: SetupInput) => start('/session/setup', input);
/** An invitation link's form: creates the member and signs it in (D11: answered like sign-in). */
export const acceptInvitation = (input: InvitationAcceptInput) => start('/invitations/accept', input);
/** A password reset link's form: sets the new password and signs the person in. */
export const resetPassword = (input: PasswordResetInput) => start('/session/reset-password', input);
