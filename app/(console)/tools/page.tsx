import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ToolsList } from '@/components/tools/ToolsList';
import { LoadingState } from '@/components/ui/States';

export const metadata: Metadata = { title: 'Tools' };

export default function ToolsPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <ToolsList />
    </Suspense>
  );
}
