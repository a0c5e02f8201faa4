import type { Metadata } from 'next';
import { ToolDetail } from '@/components/tools/ToolDetail';

export const metadata: Metadata = { title: 'Tool' };

export default async function ToolPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ToolDetail id={id} />;
}
