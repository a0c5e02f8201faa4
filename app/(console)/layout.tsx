// Every signed-in page: the console's frame (navigation, the person, sign-out). Without a
// company the first-run setup comes first; without a session cookie, the sign-in page, which
// comes back to the page asked for.
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/console/ConsoleShell';
import { hasSessionCookie, signInUrl } from '@/components/console/session-gate';
import { QueryHub } from '@/lib/client/query-hub';
import { companyExists } from '@/lib/server/companies';

export const dynamic = 'force-dynamic';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  if (!(await companyExists())) redirect('/setup');
  if (!(await hasSessionCookie())) redirect(await signInUrl());
  // The console's query cache lives here, not in the root layout: sign-in and setup carry no
  // react-query; the lists and the shell load it after hydration (lib/client/query-hub.tsx).
  return (
    <QueryHub>
      <ConsoleShell>{children}</ConsoleShell>
    </QueryHub>
  );
}
