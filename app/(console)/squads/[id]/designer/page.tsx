// The squad designer: the squad's tasks, links and places on a canvas.
import type { Metadata } from 'next';
import { SquadDesigner } from '@/components/squad-designer/SquadDesigner';

export const metadata: Metadata = { title: 'Squad designer' };

/** `?version=n` opens version n of the squad read-only (decision 013). */
export default async function SquadDesignerPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ version?: string | string[] }> }) {
  const { id } = await params;
  const { version } = await searchParams;
  const n = typeof version === 'string' && /^\d{1,9}$/.test(version) && Number(version) > 0 ? Number(version) : undefined;
  return <SquadDesigner key={n ?? 'current'} squadId={decodeURIComponent(id)} version={n} />;
}
