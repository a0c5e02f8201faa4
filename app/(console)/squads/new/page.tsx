import type { Metadata } from 'next';
import { NewSquad } from '@/components/squads/SquadEditor';

export const metadata: Metadata = { title: 'New squad' };

export default function NewSquadPage() {
  return <NewSquad />;
}
