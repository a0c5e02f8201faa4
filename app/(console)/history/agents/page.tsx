import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AgentHistory } from '@/components/history/AgentHistory';
import { LoadingState } from '@/components/ui/States';

export const metadata: Metadata = { title: 'Agent history' };

export default function AgentHistoryPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading the history…" />}>
      <AgentHistory />
    </Suspense>
  );
}
