import type { Metadata } from 'next';
import { CanOpen } from '@/components/ui/Can';
import { EditTool } from '@/components/tools/ToolEditor';

export const metadata: Metadata = { title: 'Edit tool' };

export default async function EditToolPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <CanOpen kind="tools" verb="update">
      <EditTool id={id} />
    </CanOpen>
  );
}
