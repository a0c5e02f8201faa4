import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/SignInForm';
import { safeNext } from '@/lib/safe-next';
import { companyExists } from '@/lib/server/companies';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!(await companyExists())) redirect('/setup');
  const params = await searchParams;
  return <SignInForm next={safeNext(params.next)} signedOut={params['signed-out'] === '1'} />;
}
