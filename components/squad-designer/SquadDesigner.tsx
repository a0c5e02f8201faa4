'use client';
// The squad designer's entry: loads the squad (the current one, or version n read-only) while the
// canvas's code (React Flow and the editor, Designer.tsx) loads beside it — asked for as soon as
// this module runs, so both arrive together. Only this part is in the page's first load
// (decision 028: designer first-load JS).
import '@xyflow/react/dist/style.css';
import './designer.css';
import '@/components/versions/versions.css';
import { useQuery } from '@/lib/client/query';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { fetchSquad, squads } from '@/lib/client/squads';
import { useVersion } from '@/lib/client/versions';
import type { SquadRecord } from '@/lib/schemas/squad';

type DesignerModule = typeof import('./Designer');

let designerModule: DesignerModule | null = null;
const loadDesigner = () =>
  import('./Designer').then((m) => {
    designerModule = m;
    return m;
  });
// In the browser the canvas's code is fetched at once, in parallel with the squad.
if (typeof window !== 'undefined') void loadDesigner().catch(() => undefined);

/**
 * When the page is opened on a designer URL, the squad is asked for as this module runs (before
 * React hydrates the page and its query starts): the query takes that answer if it is for its
 * squad and was asked for moments ago, once — later openings fetch afresh as before.
 */
const EARLY_MS = 5_000;
let early: { squadId: string; at: number; squad: Promise<SquadRecord> } | null = null;
if (typeof window !== 'undefined') {
  const match = /^\/squads\/([^/]+)\/designer\/?$/.exec(window.location.pathname);
  if (match && !new URLSearchParams(window.location.search).has('version')) {
    try {
      const squadId = decodeURIComponent(match[1]);
      const squad = fetchSquad(squadId);
      squad.catch(() => undefined);
      early = { squadId, at: performance.now(), squad };
    } catch {
      /* a malformed id: the query asks and shows the error */
    }
  }
}

function takeEarly(squadId: string): Promise<SquadRecord> | null {
  const taken = early;
  early = null;
  return taken && taken.squadId === squadId && performance.now() - taken.at < EARLY_MS ? taken.squad : null;
}

/**
 * The canvas's module once loaded (null before). Plain state rather than React.lazy: a Suspense
 * fallback is kept on screen at least ~300 ms by React, longer than the module takes to arrive.
 */
function useDesignerModule(): DesignerModule | null {
  const [loaded, setLoaded] = useState(designerModule);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadDesigner()
      .then((m) => live && setLoaded(m))
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [loaded]);
  if (error) throw error;
  return loaded;
}

function SquadVersionDesigner({ squadId, version }: { squadId: string; version: number }) {
  const query = useVersion('squads', squadId, version);
  const designer = useDesignerModule();
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={`Could not open version ${version}`} />;
  if (query.isPending || !designer) return <LoadingState label={`Opening version ${version}…`} />;
  return <designer.VersionViewer key={version} record={{ ...(query.data.state as SquadRecord), version }} version={version} />;
}

export function SquadDesigner({ squadId, version }: { squadId: string; version?: number }) {
  if (version !== undefined) return <SquadVersionDesigner squadId={squadId} version={version} />;
  return <CurrentSquadDesigner squadId={squadId} />;
}

function CurrentSquadDesigner({ squadId }: { squadId: string }) {
  // Always the squad as it is now (never a cached copy): its version is what saving names.
  const query = useQuery({
    queryKey: [...squads.keys.detail(squadId), 'designer'],
    queryFn: ({ signal }) => takeEarly(squadId) ?? fetchSquad(squadId, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const designer = useDesignerModule();
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not open this squad" />;
  if (query.isPending || !designer) return <LoadingState label="Opening the designer…" />;
  return <designer.LoadedDesigner key={query.data.id} record={query.data} />;
}
