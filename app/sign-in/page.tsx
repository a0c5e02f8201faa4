import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/AuthCard';
import { SignInForm } from '@/components/auth/SignInForm';
import { safeNext } from '@/lib/safe-next';
import { companyExists } from '@/lib/server/companies';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!(await companyExists())) redirect('/setup');
  const params = await searchParams;
  // The card is rendered here, on the server: only the form is client code (decision 028).
  return (
    <AuthCard title="Sign in" subtitle="Manage your company’s agents, squads, tools and models.">
      <SignInForm next={safeNext(params.next)} signedOut={params['signed-out'] === '1'} ended={params.ended === '1'} />
    </AuthCard>
  );
}
