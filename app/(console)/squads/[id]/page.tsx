import type { Metadata } from 'next';
import { SquadDetail } from '@/components/squads/SquadDetail';

export const metadata: Metadata = { title: 'Squad' };

export default async function SquadPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SquadDetail id={id} />;
}
