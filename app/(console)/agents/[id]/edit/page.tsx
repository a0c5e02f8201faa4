import type { Metadata } from 'next';
import { EditAgent } from '@/components/agents/AgentEditor';

export const metadata: Metadata = { title: 'Edit agent' };

export default async function EditAgentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditAgent id={id} />;
}
