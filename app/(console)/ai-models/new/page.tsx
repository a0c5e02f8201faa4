import type { Metadata } from 'next';
import { CanOpen } from '@/components/ui/Can';
import { NewAiModel } from '@/components/ai-models/AiModelEditor';

export const metadata: Metadata = { title: 'New AI model' };

export default function NewAiModelPage() {
  return (
    <CanOpen kind="ai-models" verb="create">
      <NewAiModel />
    </CanOpen>
  );
}
