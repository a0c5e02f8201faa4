import type { Metadata } from 'next';
import { VersionedHistory } from '@/components/history/VersionedHistory';

export const metadata: Metadata = { title: 'Knowledge base history' };

export default function KnowledgeBaseHistoryPage() {
  return <VersionedHistory kind="knowledge-bases" />;
}
