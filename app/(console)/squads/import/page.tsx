import type { Metadata } from 'next';
import { CanOpen } from '@/components/ui/Can';
import { BundleImport } from '@/components/squads/BundleImport';

export const metadata: Metadata = { title: 'Import a squad bundle' };

export default function ImportSquadBundlePage() {
  return (
    <CanOpen kind="squads" verb="create">
      <BundleImport />
    </CanOpen>
  );
}
