import type { Metadata } from 'next';
import { LinkPage } from '@/components/auth/LinkPage';

export const metadata: Metadata = { title: 'Accept the invitation' };
export const dynamic = 'force-dynamic';

/** An invitation link (D11). */
export default function AcceptPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <LinkPage
      kind="invite"
      title="Join your team"
      subtitle="You were invited to the console. Choose your name and a password; you will be signed in right away."
      askFor="for a new one"
      searchParams={searchParams}
    />
  );
}
