import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AgentsList } from '@/components/agents/AgentsList';
import { LoadingState } from '@/components/ui/States';

export const metadata: Metadata = { title: 'Agents' };

export default function AgentsPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <AgentsList />
    </Suspense>
  );
}
