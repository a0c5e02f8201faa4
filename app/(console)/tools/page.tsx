import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ToolsList } from '@/components/tools/ToolsList';
import { LoadingState } from '@/components/ui/States';
import { Prefetched } from '@/lib/server/prefetch';

export const metadata: Metadata = { title: 'Tools' };

export default function ToolsPage() {
  return (
    <Prefetched lists={['tools']}>
      <Suspense fallback={<LoadingState />}>
        <ToolsList />
      </Suspense>
    </Prefetched>
  );
}
