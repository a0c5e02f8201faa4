import type { Metadata } from 'next';
import { NotYetAvailable } from '@/components/console/NotYetAvailable';

export const metadata: Metadata = { title: 'Squads' };

export default function SquadsPage() {
  return <NotYetAvailable title="Squads" description="Ordered groups of tasks, each run by one of your agents." api="/api/squads" />;
}
