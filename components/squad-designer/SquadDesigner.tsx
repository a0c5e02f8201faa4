'use client';
// The squad designer's entry: loads the squad (the current one, or version n read-only) while the
// canvas's code (React Flow and the editor, Designer.tsx) loads beside it — asked for as soon as
// this module runs, so both arrive together. Only this part is in the page's first load
// (decision 012: designer first-load JS).
import '@xyflow/react/dist/style.css';
import './designer.css';
import '@/components/versions/versions.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { fetchSquad, squads } from '@/lib/client/squads';
import { useVersion } from '@/lib/client/versions';
import type { SquadRecord } from '@/lib/schemas/squad';

const loadDesigner = () => import('./Designer');
// In the browser the canvas's code is fetched at once, in parallel with the squad.
if (typeof window !== 'undefined') void loadDesigner().catch(() => undefined);

const LoadedDesigner = lazy(() => loadDesigner().then((m) => ({ default: m.LoadedDesigner })));
const VersionViewer = lazy(() => loadDesigner().then((m) => ({ default: m.VersionViewer })));

function SquadVersionDesigner({ squadId, version }: { squadId: string; version: number }) {
  const query = useVersion('squads', squadId, version);
  const label = `Opening version ${version}…`;
  if (query.isPending) return <LoadingState label={label} />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={`Could not open version ${version}`} />;
  return (
    <Suspense fallback={<LoadingState label={label} />}>
      <VersionViewer key={version} record={{ ...(query.data.state as SquadRecord), version }} version={version} />
    </Suspense>
  );
}

export function SquadDesigner({ squadId, version }: { squadId: string; version?: number }) {
  if (version !== undefined) return <SquadVersionDesigner squadId={squadId} version={version} />;
  return <CurrentSquadDesigner squadId={squadId} />;
}

function CurrentSquadDesigner({ squadId }: { squadId: string }) {
  // Always the squad as it is now (never a cached copy): its version is what saving names.
  const query = useQuery({
    queryKey: [...squads.keys.detail(squadId), 'designer'],
    queryFn: ({ signal }) => fetchSquad(squadId, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (query.isPending) return <LoadingState label="Opening the designer…" />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not open this squad" />;
  return (
    <Suspense fallback={<LoadingState label="Opening the designer…" />}>
      <LoadedDesigner key={query.data.id} record={query.data} />
    </Suspense>
  );
}
