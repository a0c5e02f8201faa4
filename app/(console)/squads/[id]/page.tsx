// Rendered on the server with its data (issue 22): the record, its versions, what uses it and its
// recent changes are read into the page (lib/server/prefetch.tsx), so it opens without a skeleton.
import type { Metadata } from 'next';
import { SquadDetail } from '@/components/squads/SquadDetail';
import { detailSeeds, Prefetched } from '../../prefetched';

export const metadata: Metadata = { title: 'Squad' };

export default async function SquadPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ tab?: string | string[] }> }) {
  const { id } = await params;
  const { tab } = await searchParams;
  return (
    <Prefetched lists={['agents']} more={detailSeeds('squads', id, tab)}>
      <SquadDetail id={id} />
    </Prefetched>
  );
}
