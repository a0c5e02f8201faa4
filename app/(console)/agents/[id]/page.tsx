// Rendered on the server with its data (issue 22): the record, its versions, what uses it and its
// recent changes are read into the page (lib/server/prefetch.tsx), so it opens without a skeleton.
import type { Metadata } from 'next';
import { AgentDetail } from '@/components/agents/AgentDetail';
import { detailSeeds, Prefetched } from '../../prefetched';

export const metadata: Metadata = { title: 'Agent' };

export default async function AgentPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ tab?: string | string[] }> }) {
  const { id } = await params;
  const { tab } = await searchParams;
  return (
    <Prefetched lists={['ai-models', 'tools', 'knowledge-bases']} more={detailSeeds('agents', id, tab)}>
      <AgentDetail id={id} />
    </Prefetched>
  );
}
