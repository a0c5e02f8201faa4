import type { Metadata } from 'next';
import { NotYetAvailable } from '@/components/console/NotYetAvailable';

export const metadata: Metadata = { title: 'History' };

export default function HistoryPage() {
  return <NotYetAvailable title="History" description="Who changed what, and when, across agents, squads and models." api="/api/agents/history, /api/squads/history, /api/ai-models/history" />;
}
