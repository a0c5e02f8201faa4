import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AiModelsList } from '@/components/ai-models/AiModelsList';
import { LoadingState } from '@/components/ui/States';
import { Prefetched } from '@/lib/server/prefetch';

export const metadata: Metadata = { title: 'AI models' };

export default function AiModelsPage() {
  return (
    <Prefetched lists={['ai-models']}>
      <Suspense fallback={<LoadingState />}>
        <AiModelsList />
      </Suspense>
    </Prefetched>
  );
}
