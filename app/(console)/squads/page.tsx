import type { Metadata } from 'next';
import { SquadsList } from '@/components/squads/SquadsList';
import { Prefetched } from '../prefetched';

export const metadata: Metadata = { title: 'Squads' };

export default function SquadsPage() {
  return (
    <Prefetched pages={['squads']}>
      {/* No Suspense boundary: the page is dynamic (it reads the session), so the list's
          useSearchParams does not suspend, and a boundary lets React stream a large first page
          after a skeleton (decision 019). */}
      <SquadsList />
    </Prefetched>
  );
}
