import type { Metadata } from 'next';
import { KnowledgeBasesList } from '@/components/knowledge-bases/KnowledgeBasesList';
import { Prefetched } from '../prefetched';

export const metadata: Metadata = { title: 'Knowledge bases' };

export default function KnowledgeBasesPage() {
  return (
    <Prefetched pages={['knowledge-bases']}>
      {/* No Suspense boundary: the page is dynamic (it reads the session), so the list's
          useSearchParams does not suspend, and a boundary lets React stream a large first page
          after a skeleton (decision 019). */}
      <KnowledgeBasesList />
    </Prefetched>
  );
}
