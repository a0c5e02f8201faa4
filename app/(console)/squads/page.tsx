import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SquadsList } from '@/components/squads/SquadsList';
import { LoadingState } from '@/components/ui/States';

export const metadata: Metadata = { title: 'Squads' };

export default function SquadsPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <SquadsList />
    </Suspense>
  );
}
