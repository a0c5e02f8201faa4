import type { Metadata } from 'next';
import { CanOpen } from '@/components/ui/Can';
import { EditSquad } from '@/components/squads/SquadEditor';

export const metadata: Metadata = { title: 'Edit squad' };

export default async function EditSquadPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <CanOpen kind="squads" verb="update">
      <EditSquad id={id} />
    </CanOpen>
  );
}
