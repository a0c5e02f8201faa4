'use client';
// The squad designer's entry: the squad (the current one, or version n read-only) on the canvas
// (React Flow and the editor, Designer.tsx). The canvas's code is in the page's first load, so
// the HTML names its chunks and the browser fetches them with the page, not after hydration; the
// current squad, the agents and the session come with the page from the server
// (app/(console)/squads/[id]/designer/page.tsx, issue 22), so the first open makes no request
// before the canvas draws. Without them (no usable session), the query loads the squad here.
import '@xyflow/react/dist/style.css';
import './designer.css';
import '@/components/versions/versions.css';
import { useCan, useRole } from '@/lib/client/access';
import { useHydrated } from '@/lib/client/hydrated';
import { useSeededQuery } from '@/lib/client/query-hub';
import { designerSquadKey } from '@/lib/client/query-keys';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { fetchSquad } from '@/lib/client/squads';
import { useVersion } from '@/lib/client/versions';
import type { SquadRecord } from '@/lib/schemas/squad';
import { LoadedDesigner, VersionViewer } from './Designer';

function SquadVersionDesigner({ squadId, version }: { squadId: string; version: number }) {
  const query = useVersion('squads', squadId, version);
  const inBrowser = useHydrated();
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={`Could not open version ${version}`} />;
  if (query.isPending || !inBrowser) return <LoadingState label={`Opening version ${version}…`} />;
  return <VersionViewer key={version} record={{ ...(query.data.state as SquadRecord), version }} version={version} />;
}

export function SquadDesigner({ squadId, version }: { squadId: string; version?: number }) {
  if (version !== undefined) return <SquadVersionDesigner squadId={squadId} version={version} />;
  return <CurrentSquadDesigner squadId={squadId} />;
}

function CurrentSquadDesigner({ squadId }: { squadId: string }) {
  // Always the squad as it is now (never a cached copy): its version is what saving names. The
  // server's copy read for this very page load counts as now.
  const query = useSeededQuery({
    queryKey: designerSquadKey(squadId),
    queryFn: ({ signal }) => fetchSquad(squadId, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const inBrowser = useHydrated();
  // A role that may not edit squads (a viewer) gets the canvas read-only (decision 079).
  const access = useRole();
  const mayEdit = useCan('squads', 'update');
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not open this squad" />;
  if (query.isPending || !inBrowser || !access.ready) return <LoadingState label="Opening the designer…" />;
  if (!mayEdit.allowed) return <VersionViewer key={query.data.id} record={query.data} reason={mayEdit.reason} />;
  return <LoadedDesigner key={query.data.id} record={query.data} />;
}
