import type { Metadata } from 'next';
import { AgentHistory } from '@/components/history/WholeHistory';

export const metadata: Metadata = { title: 'Agent history' };

export default function AgentHistoryPage() {
  return <AgentHistory />;
}
