import type { Metadata } from 'next';
import { AgentsList } from '@/components/agents/AgentsList';
import { Prefetched } from '../prefetched';

export const metadata: Metadata = { title: 'Agents' };

export default function AgentsPage() {
  return (
    <Prefetched lists={['ai-models']} pages={['agents']}>
      {/* No Suspense boundary: the page is dynamic (it reads the session), so the list's
          useSearchParams does not suspend, and a boundary lets React stream a large first page
          after a skeleton (decision 019). */}
      <AgentsList />
    </Prefetched>
  );
}
