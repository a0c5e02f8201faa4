import type { Metadata } from 'next';
import { CanOpen } from '@/components/ui/Can';
import { EditAgent } from '@/components/agents/AgentEditor';

export const metadata: Metadata = { title: 'Edit agent' };

export default async function EditAgentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <CanOpen kind="agents" verb="update">
      <EditAgent id={id} />
    </CanOpen>
  );
}
