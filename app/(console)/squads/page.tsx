import type { Metadata } from 'next';
import { SquadsList } from '@/components/squads/SquadsList';
import { listPage } from '../page-kit';

export const metadata: Metadata = { title: 'Squads' };

export default listPage('squads', SquadsList);
