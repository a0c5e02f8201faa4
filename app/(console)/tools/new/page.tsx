import type { Metadata } from 'next';
import { Suspense } from 'react';
import { NewTool } from '@/components/tools/ToolEditor';
import { LoadingState } from '@/components/ui/States';

export const metadata: Metadata = { title: 'New tool' };

export default function NewToolPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <NewTool />
    </Suspense>
  );
}
