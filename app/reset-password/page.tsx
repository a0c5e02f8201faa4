import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/AuthCard';
import { LinkForm } from '@/components/auth/LinkForm';

export const metadata: Metadata = { title: 'Choose a new password' };
export const dynamic = 'force-dynamic';

/** A password reset link (D11): reachable signed out, like /sign-in and /setup (outside the console's layout). */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Choose a new password" subtitle="Your other sessions will be signed out; you will be signed in here right away.">
      {typeof token === 'string' && token ? (
        <LinkForm kind="reset" token={token} />
      ) : (
        <p className="form-alert" role="alert">
          This link is incomplete: open the whole link you were sent, or ask an admin or owner for a new one.
        </p>
      )}
    </AuthCard>
  );
}
