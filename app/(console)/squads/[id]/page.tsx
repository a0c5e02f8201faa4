import type { Metadata } from 'next';
import { SquadDetail } from '@/components/squads/SquadDetail';
import { detailPage } from '../../page-kit';

export const metadata: Metadata = { title: 'Squad' };

export default detailPage('squads', SquadDetail, ['agents']);
