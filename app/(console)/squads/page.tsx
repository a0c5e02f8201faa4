import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SquadsList } from '@/components/squads/SquadsList';
import { LoadingState } from '@/components/ui/States';
import { Prefetched } from '@/lib/server/prefetch';

export const metadata: Metadata = { title: 'Squads' };

export default function SquadsPage() {
  return (
    <Prefetched lists={['squads']}>
      <Suspense fallback={<LoadingState />}>
        <SquadsList />
      </Suspense>
    </Prefetched>
  );
}
