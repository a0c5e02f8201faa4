import type { Metadata } from 'next';
import { CanOpen } from '@/components/ui/Can';
import { EditKnowledgeBase } from '@/components/knowledge-bases/KnowledgeBaseEditor';

export const metadata: Metadata = { title: 'Edit knowledge base' };

export default async function EditKnowledgeBasePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <CanOpen kind="knowledge-bases" verb="update">
      <EditKnowledgeBase id={id} />
    </CanOpen>
  );
}
