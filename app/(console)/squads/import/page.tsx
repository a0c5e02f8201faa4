import type { Metadata } from 'next';
import { BundleImport } from '@/components/squads/BundleImport';

export const metadata: Metadata = { title: 'Import a squad bundle' };

export default function ImportSquadBundlePage() {
  return <BundleImport />;
}
