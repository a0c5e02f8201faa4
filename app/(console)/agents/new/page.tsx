import type { Metadata } from 'next';
import { CanOpen } from '@/components/ui/Can';
import { NewAgent } from '@/components/agents/AgentEditor';

export const metadata: Metadata = { title: 'New agent' };

export default function NewAgentPage() {
  return (
    <CanOpen kind="agents" verb="create">
      <NewAgent />
    </CanOpen>
  );
}
