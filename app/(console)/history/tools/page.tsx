import type { Metadata } from 'next';
import { Suspense } from 'react';
import { VersionedHistory } from '@/components/history/VersionedHistory';
import { LoadingState } from '@/components/ui/States';

export const metadata: Metadata = { title: 'Tool history' };

export default function ToolHistoryPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading the history…" />}>
      <VersionedHistory kind="tools" />
    </Suspense>
  );
}
