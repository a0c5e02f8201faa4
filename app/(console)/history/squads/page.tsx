import type { Metadata } from 'next';
import { SquadHistory } from '@/components/history/SquadHistory';

export const metadata: Metadata = { title: 'Squad history' };

export default function SquadHistoryPage() {
  return <SquadHistory />;
}
