import type { Metadata } from 'next';
import { NotYetAvailable } from '@/components/console/NotYetAvailable';

export const metadata: Metadata = { title: 'Knowledge bases' };

export default function KnowledgeBasesPage() {
  return <NotYetAvailable title="Knowledge bases" description="Files, links and texts your agents consult." api="/api/knowledge-bases" />;
}
