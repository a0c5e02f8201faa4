import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/AuthCard';
import { SetupForm } from '@/components/auth/SetupForm';
import { companyExists } from '@/lib/server/companies';

export const metadata: Metadata = { title: 'Set up' };
export const dynamic = 'force-dynamic';

export default async function SetupPage() {
  if (await companyExists()) redirect('/sign-in');
  // The card is rendered here, on the server: only the form is client code (decision 028).
  return (
    <AuthCard
      title="Set up your console"
      subtitle="No company exists yet. Create it and its first owner; you will be signed in right away."
      footer="Passwords are stored with a slow hash (scrypt). You can create API keys for your programs later, in Settings."
    >
      <SetupForm />
    </AuthCard>
  );
}
