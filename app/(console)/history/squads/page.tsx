import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SquadHistory } from '@/components/history/SquadHistory';
import { LoadingState } from '@/components/ui/States';

export const metadata: Metadata = { title: 'Squad history' };

export default function SquadHistoryPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading the history…" />}>
      <SquadHistory />
    </Suspense>
  );
}
