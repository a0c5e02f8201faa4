import type { Metadata } from 'next';
import { NotYetAvailable } from '@/components/console/NotYetAvailable';

export const metadata: Metadata = { title: 'AI models' };

export default function AiModelsPage() {
  return <NotYetAvailable title="AI models" description="The provider models your agents run on." api="/api/ai-models" />;
}
