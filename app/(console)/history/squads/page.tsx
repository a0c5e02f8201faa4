import type { Metadata } from 'next';
import { SquadHistory } from '@/components/history/WholeHistory';

export const metadata: Metadata = { title: 'Squad history' };

export default function SquadHistoryPage() {
  return <SquadHistory />;
}
