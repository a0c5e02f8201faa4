'use client';
// A detail page's History tab, its code loaded on demand (decision 085): the timeline, the diff
// and Restore are not needed before the Details tab is usable. It loads at the person's first
// action on the page (most likely opening this tab), or when the tab is rendered; a page opened
// on `?tab=history` has the tab rendered on the server.
import { Suspense } from 'react';
import { LoadingState } from '@/components/ui/States';
import { onFirstUse } from '@/lib/client/first-use';
import { onDemand } from '@/lib/client/on-demand';
import type { VersionKind } from '@/lib/versions/diff';

const VersionHistory = onDemand<{ kind: VersionKind; id: string }>(() => import('./VersionHistory').then((m) => m.VersionHistory));
onFirstUse(() => void VersionHistory.preload().catch(() => undefined));

export function HistoryTab({ kind, id }: { kind: VersionKind; id: string }) {
  return (
    <Suspense fallback={<LoadingState label="Loading the history…" />}>
      <VersionHistory kind={kind} id={id} />
    </Suspense>
  );
}
