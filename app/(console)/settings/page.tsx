import type { Metadata } from 'next';
import { AccountSettings } from '@/components/settings/AccountSettings';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return <AccountSettings />;
}
