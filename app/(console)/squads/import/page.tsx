import type { Metadata } from 'next';
import { BundleImport } from '@/components/squads/BundleImport';
import { CreatePage } from '../../gates';

export const metadata: Metadata = { title: 'Import a squad bundle' };

export default function ImportPage() {
  return (
    <CreatePage kind="squads">
      <BundleImport />
    </CreatePage>
  );
}
