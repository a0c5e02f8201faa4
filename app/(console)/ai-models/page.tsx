import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AiModelsList } from '@/components/ai-models/AiModelsList';
import { LoadingState } from '@/components/ui/States';

export const metadata: Metadata = { title: 'AI models' };

export default function AiModelsPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <AiModelsList />
    </Suspense>
  );
}
