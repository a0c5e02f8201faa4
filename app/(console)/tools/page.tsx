import type { Metadata } from 'next';
import { ToolsList } from '@/components/tools/ToolsList';
import { Prefetched } from '../prefetched';

export const metadata: Metadata = { title: 'Tools' };

export default function ToolsPage() {
  return (
    <Prefetched pages={['tools']}>
      {/* No Suspense boundary: the page is dynamic (it reads the session), so the list's
          useSearchParams does not suspend, and a boundary lets React stream a large first page
          after a skeleton (decision 019). */}
      <ToolsList />
    </Prefetched>
  );
}
