import type { Metadata } from 'next';
import { AiModelsList } from '@/components/ai-models/AiModelsList';
import { Prefetched } from '../prefetched';

export const metadata: Metadata = { title: 'AI models' };

export default function AiModelsPage() {
  return (
    <Prefetched pages={['ai-models']}>
      {/* No Suspense boundary: the page is dynamic (it reads the session), so the list's
          useSearchParams does not suspend, and a boundary lets React stream a large first page
          after a skeleton (decision 019). */}
      <AiModelsList />
    </Prefetched>
  );
}
