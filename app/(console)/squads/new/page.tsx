import type { Metadata } from 'next';
import { NewSquad } from '@/components/squads/SquadEditor';
import { newPage } from '../../page-kit';

export const metadata: Metadata = { title: 'New squad' };

export default newPage('squads', NewSquad);
