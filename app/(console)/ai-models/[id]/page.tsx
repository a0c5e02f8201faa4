import type { Metadata } from 'next';
import { AiModelDetail } from '@/components/ai-models/AiModelDetail';

export const metadata: Metadata = { title: 'AI model' };

export default async function AiModelPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <AiModelDetail id={id} />;
}
