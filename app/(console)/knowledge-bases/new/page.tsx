import type { Metadata } from 'next';
import { CanOpen } from '@/components/ui/Can';
import { NewKnowledgeBase } from '@/components/knowledge-bases/KnowledgeBaseEditor';

export const metadata: Metadata = { title: 'New knowledge base' };

export default function NewKnowledgeBasePage() {
  return (
    <CanOpen kind="knowledge-bases" verb="create">
      <NewKnowledgeBase />
    </CanOpen>
  );
}
