import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/AuthCard';
import { LinkForm } from '@/components/auth/LinkForm';

export const metadata: Metadata = { title: 'Accept the invitation' };
export const dynamic = 'force-dynamic';

/** An invitation link (D11): reachable signed out, like /sign-in and /setup (outside the console's layout). */
export default async function AcceptPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  // The card is rendered here, on the server: only the form is client code (decision 028).
  return (
    <AuthCard title="Join your team" subtitle="You were invited to the console. Choose your name and a password; you will be signed in right away.">
      {typeof token === 'string' && token ? (
        <LinkForm kind="invite" token={token} />
      ) : (
        <p className="form-alert" role="alert">
          This link is incomplete: open the whole link you were sent, or ask for a new one.
        </p>
      )}
    </AuthCard>
  );
}
