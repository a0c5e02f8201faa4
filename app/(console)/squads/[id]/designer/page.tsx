// The squad designer: the squad's tasks, links and places on a canvas. The squad, the company's
// agents and the session are read on the server into the page (issue 22): the canvas has its
// data when the page is hydrated, with no request.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { LoadingState } from '@/components/ui/States';
import { SquadDesigner } from '@/components/squad-designer/SquadDesigner';
import { designerSeeds, Prefetched } from '../../../prefetched';

export const metadata: Metadata = { title: 'Squad designer' };

/** `?version=n` opens version n of the squad read-only (decision 013). */
export default async function SquadDesignerPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ version?: string | string[] }> }) {
  const { id } = await params;
  const { version } = await searchParams;
  const n = typeof version === 'string' && /^\d{1,9}$/.test(version) && Number(version) > 0 ? Number(version) : undefined;
  const squadId = decodeURIComponent(id);
  // The frame and the page's scripts stream at once, the squad after them: the browser fetches
  // the canvas's code while the server reads the squad (the designer shows its loading state
  // until the canvas draws in any case).
  return (
    <Suspense fallback={<LoadingState label="Opening the designer…" />}>
      <Prefetched lists={['agents']} more={n === undefined ? designerSeeds(squadId) : undefined}>
        <SquadDesigner key={n ?? 'current'} squadId={squadId} version={n} />
      </Prefetched>
    </Suspense>
  );
}
