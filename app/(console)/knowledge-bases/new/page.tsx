import type { Metadata } from 'next';
import { NewKnowledgeBase } from '@/components/knowledge-bases/KnowledgeBaseEditor';

export const metadata: Metadata = { title: 'New knowledge base' };

export default function NewKnowledgeBasePage() {
  return <NewKnowledgeBase />;
}
