import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SetupForm } from '@/components/auth/SetupForm';
import { companyExists } from '@/lib/server/companies';

export const metadata: Metadata = { title: 'Set up' };
export const dynamic = 'force-dynamic';

export default async function SetupPage() {
  if (await companyExists()) redirect('/sign-in');
  return <SetupForm />;
}
