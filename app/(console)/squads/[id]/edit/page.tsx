import type { Metadata } from 'next';
import { EditSquad } from '@/components/squads/SquadEditor';
import { editPage } from '../../../page-kit';

export const metadata: Metadata = { title: 'Edit squad' };

export default editPage('squads', EditSquad);
