import type { Metadata } from 'next';
import { VersionedHistory } from '@/components/history/VersionedHistory';

export const metadata: Metadata = { title: 'Tool history' };

export default function ToolHistoryPage() {
  return <VersionedHistory kind="tools" />;
}
