// The squad designer: the squad's tasks, links and places on a canvas.
import type { Metadata } from 'next';
import { SquadDesigner } from '@/components/squad-designer/SquadDesigner';

export const metadata: Metadata = { title: 'Squad designer' };

export default async function SquadDesignerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SquadDesigner squadId={decodeURIComponent(id)} />;
}
