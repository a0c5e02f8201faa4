// The console's front door: first-run setup when no company exists, the agents when signed in,
// else the sign-in page.
import { redirect } from 'next/navigation';
import { hasSessionCookie } from '@/components/console/session-gate';
import { companyExists } from '@/lib/server/companies';

export const dynamic = 'force-dynamic';

export default async function Home() {
  if (!(await companyExists())) redirect('/setup');
  redirect((await hasSessionCookie()) ? '/agents' : '/sign-in');
}
