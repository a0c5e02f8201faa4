import type { Metadata } from 'next';
import { CanOpen } from '@/components/ui/Can';
import { EditAiModel } from '@/components/ai-models/AiModelEditor';

export const metadata: Metadata = { title: 'Edit AI model' };

export default async function EditAiModelPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <CanOpen kind="ai-models" verb="update">
      <EditAiModel id={id} />
    </CanOpen>
  );
}
