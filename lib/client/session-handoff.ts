// Sign-in and setup hand the signed-in person to the console's QueryClient (./query-hub.tsx),
// which does not exist on those pages: they carry no react-query (decision 028). A console
// layout mounting later in this tab starts its cache with it (as `session/me`, dated when it was
// read, so the session query's own staleness rule still applies). Signing out leaves with a full
// page load, which forgets it.
import type { SessionRecord } from '@/lib/schemas/auth';

let signedIn: { me: SessionRecord; at: number } | null = null;

export function handOffSignedIn(me: SessionRecord): void {
  signedIn = { me, at: Date.now() };
}

export function signedInHandedOff(): { me: SessionRecord; at: number } | null {
  return signedIn;
}
