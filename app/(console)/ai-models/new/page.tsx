import type { Metadata } from 'next';
import { NewAiModel } from '@/components/ai-models/AiModelEditor';

export const metadata: Metadata = { title: 'New AI model' };

export default function NewAiModelPage() {
  return <NewAiModel />;
}
