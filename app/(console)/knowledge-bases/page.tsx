import type { Metadata } from 'next';
import { Suspense } from 'react';
import { KnowledgeBasesList } from '@/components/knowledge-bases/KnowledgeBasesList';
import { LoadingState } from '@/components/ui/States';
import { Prefetched } from '@/lib/server/prefetch';

export const metadata: Metadata = { title: 'Knowledge bases' };

export default function KnowledgeBasesPage() {
  return (
    <Prefetched lists={['knowledge-bases']}>
      <Suspense fallback={<LoadingState />}>
        <KnowledgeBasesList />
      </Suspense>
    </Prefetched>
  );
}
