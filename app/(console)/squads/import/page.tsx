import type { Metadata } from 'next';
import { BundleImport } from '@/components/squads/BundleImport';
import { newPage } from '../../page-kit';

export const metadata: Metadata = { title: 'Import a squad bundle' };

export default newPage('squads', BundleImport);
