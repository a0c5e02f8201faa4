// The squad designer: the squad's tasks, links and places on a canvas. The squad, the company's
// agents and the session are read on the server into the page (issue 22): the canvas has its
// data when the page is hydrated, with no request.
import type { Metadata } from 'next';
import { SquadDesigner } from '@/components/squad-designer/SquadDesigner';
import { designerSeeds, Prefetched } from '../../../prefetched';

export const metadata: Metadata = { title: 'Squad designer' };

/** `?version=n` opens version n of the squad read-only (decision 013). */
export default async function SquadDesignerPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ version?: string | string[] }> }) {
  const { id } = await params;
  const { version } = await searchParams;
  const n = typeof version === 'string' && /^\d{1,9}$/.test(version) && Number(version) > 0 ? Number(version) : undefined;
  const squadId = decodeURIComponent(id);
  return (
    <Prefetched lists={['agents']} more={n === undefined ? designerSeeds(squadId) : undefined}>
      <SquadDesigner key={n ?? 'current'} squadId={squadId} version={n} />
    </Prefetched>
  );
}
