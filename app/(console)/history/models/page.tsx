import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ModelHistory } from '@/components/history/ModelHistory';
import { LoadingState } from '@/components/ui/States';

export const metadata: Metadata = { title: 'AI model history' };

export default function ModelHistoryPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading the history…" />}>
      <ModelHistory />
    </Suspense>
  );
}
