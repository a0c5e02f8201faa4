// Rendered on the server with its data (issue 22): the record, its versions, what uses it and its
// recent changes are read into the page (lib/server/prefetch.tsx), so it opens without a skeleton.
import type { Metadata } from 'next';
import { AiModelDetail } from '@/components/ai-models/AiModelDetail';
import { detailSeeds, Prefetched } from '../../prefetched';

export const metadata: Metadata = { title: 'AI model' };

export default async function AiModelPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ tab?: string | string[] }> }) {
  const { id } = await params;
  const { tab } = await searchParams;
  return (
    <Prefetched more={detailSeeds('ai-models', id, tab)}>
      <AiModelDetail id={id} />
    </Prefetched>
  );
}
