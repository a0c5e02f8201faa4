import type { Metadata } from 'next';
import { KnowledgeBaseDetail } from '@/components/knowledge-bases/KnowledgeBaseDetail';

export const metadata: Metadata = { title: 'Knowledge base' };

export default async function KnowledgeBasePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <KnowledgeBaseDetail id={id} />;
}
