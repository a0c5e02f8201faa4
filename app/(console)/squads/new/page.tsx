import type { Metadata } from 'next';
import { CanOpen } from '@/components/ui/Can';
import { NewSquad } from '@/components/squads/SquadEditor';

export const metadata: Metadata = { title: 'New squad' };

export default function NewSquadPage() {
  return (
    <CanOpen kind="squads" verb="create">
      <NewSquad />
    </CanOpen>
  );
}
