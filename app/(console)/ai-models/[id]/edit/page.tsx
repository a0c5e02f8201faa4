import type { Metadata } from 'next';
import { EditAiModel } from '@/components/ai-models/AiModelEditor';

export const metadata: Metadata = { title: 'Edit AI model' };

export default async function EditAiModelPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditAiModel id={id} />;
}
