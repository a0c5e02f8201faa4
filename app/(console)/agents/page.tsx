import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AgentsList } from '@/components/agents/AgentsList';
import { LoadingState } from '@/components/ui/States';
import { Prefetched } from '@/lib/server/prefetch';

export const metadata: Metadata = { title: 'Agents' };

export default function AgentsPage() {
  return (
    <Prefetched lists={['agents', 'ai-models']}>
      <Suspense fallback={<LoadingState />}>
        <AgentsList />
      </Suspense>
    </Prefetched>
  );
}
