import type { Metadata } from 'next';
import { Suspense } from 'react';
import { KnowledgeBasesList } from '@/components/knowledge-bases/KnowledgeBasesList';
import { LoadingState } from '@/components/ui/States';

export const metadata: Metadata = { title: 'Knowledge bases' };

export default function KnowledgeBasesPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <KnowledgeBasesList />
    </Suspense>
  );
}
