import type { Metadata } from 'next';
import { NewAgent } from '@/components/agents/AgentEditor';

export const metadata: Metadata = { title: 'New agent' };

export default function NewAgentPage() {
  return <NewAgent />;
}
