import type { Metadata } from 'next';
import { CanOpen } from '@/components/ui/Can';
import { Suspense } from 'react';
import { NewTool } from '@/components/tools/ToolEditor';
import { LoadingState } from '@/components/ui/States';

export const metadata: Metadata = { title: 'New tool' };

export default function NewToolPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <CanOpen kind="tools" verb="create">
        <NewTool />
      </CanOpen>
    </Suspense>
  );
}
