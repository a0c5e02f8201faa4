import type { Metadata } from 'next';
import { LinkPage } from '@/components/auth/LinkPage';

export const metadata: Metadata = { title: 'Choose a new password' };
export const dynamic = 'force-dynamic';

/** A password reset link (D11). */
export default function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <LinkPage kind="reset" title="Choose a new password" subtitle="Your other sessions will be signed out; you will be signed in here right away." askFor="an admin or owner for a new one" searchParams={searchParams} />;
}
