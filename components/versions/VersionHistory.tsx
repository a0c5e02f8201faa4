'use client';
// A resource's History tab (decision 013): the timeline of its versions, a side-by-side diff of
// any two (GET …/versions/diff with the names of the resources it refers to, decision 055), and
// Restore with a confirmation that shows what the restore changes. Squads: any version opens
// read-only on the designer's canvas.
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DateTime } from '@/components/ui/DateTime';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '@/components/ui/States';
import { useCan } from '@/lib/client/access';
import { useRestoreVersion, useVersionList, type VersionSummary } from '@/lib/client/versions';
import { kind as registryKind } from '@/lib/kinds';
import type { VersionKind } from '@/lib/versions/diff';
import { VersionDiffView } from './VersionDiff';
import './versions.css';


const ACTION_TONE: Record<string, 'success' | 'danger' | 'warning' | 'accent' | undefined> = {
  created: 'success',
  deleted: 'danger',
  restored: 'accent',
  disabled: 'warning',
};

/** A version number from the address (`?from=&to=`, the Activity page's links), or null. */
const versionParam = (value: string | null): number | null => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

export function VersionHistory({ kind, id }: { kind: VersionKind; id: string }) {
  const list = useVersionList(kind, id);
  const params = useSearchParams();
  const [picked, setPicked] = useState<{ from: number | null; to: number | null }>(() => ({ from: versionParam(params.get('from')), to: versionParam(params.get('to')) }));
  const [restoring, setRestoring] = useState<number | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const restore = useRestoreVersion(kind, id);
  const mayRestore = useCan(kind, 'restore').allowed;

  if (list.isPending) return <LoadingState rows={3} label="Loading the versions…" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load the versions" />;
  const items = list.data.pages.flatMap((p) => p.items);
  if (!items.length) return <EmptyState title="No versions recorded" icon="↺" />;
  const latest = items[0].version;
  const to = picked.to ?? latest;
  const from = picked.from ?? items.find((v) => v.version < to)?.version ?? to;

  const confirmRestore = () => {
    if (restoring === null) return;
    const n = restoring;
    setRestoreError(null);
    restore.mutate(
      { n, latest },
      {
        onSuccess: () => {
          toast.success(`Restored version ${n}: saved as version ${latest + 1}`);
          setRestoring(null);
          setPicked({ from: null, to: null });
        },
        onError: (error) => {
          setRestoreError(errorMessage(error));
          toast.error(`Could not restore version ${n}`);
        },
      },
    );
  };

  return (
    <div className="versions">
      <section className="card" aria-labelledby={`versions-compare-${kind}`}>
        <h2 id={`versions-compare-${kind}`}>Compare versions</h2>
        <div className="versions-pickers">
          <VersionSelect label="From" value={from} items={items} onChange={(n) => setPicked({ from: n, to })} />
          <VersionSelect label="To" value={to} items={items} onChange={(n) => setPicked({ from, to: n })} />
        </div>
        <VersionDiffView kind={kind} id={id} from={from} to={to} />
      </section>

      <section className="card" aria-labelledby={`versions-timeline-${kind}`}>
        <h2 id={`versions-timeline-${kind}`}>Timeline</h2>
        <ol className="versions-timeline" data-testid="versions-timeline">
          {items.map((v) => (
            <li key={v.version} className="versions-entry" data-version={v.version}>
              <div className="versions-entry-head">
                <span className="versions-number">v{v.version}</span>
                <Badge tone={ACTION_TONE[v.action]}>{v.action}</Badge>
                {v.version === latest && <Badge>current</Badge>}
              </div>
              <div className="small muted">
                by {v.responsible} · <DateTime iso={v.date} />
              </div>
              <div className="versions-entry-actions">
                {v.version !== latest && (
                  <Button size="sm" variant="ghost" onClick={() => setPicked({ from: v.version, to: latest })} aria-label={`Compare with current: version ${v.version}`}>
                    Compare with current
                  </Button>
                )}
                {kind === 'squads' && (
                  <ButtonLink size="sm" variant="ghost" href={`/squads/${encodeURIComponent(id)}/designer?version=${v.version}`} aria-label={`Open on canvas: version ${v.version}, read-only`}>
                    Open on canvas
                  </ButtonLink>
                )}
                {mayRestore && v.version !== latest && v.action !== 'deleted' && (
                  <Button
                    size="sm"
                    onClick={() => {
                      setRestoreError(null);
                      setRestoring(v.version);
                    }}
                    aria-label={`Restore version ${v.version}`}
                  >
                    Restore
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
        {list.hasNextPage && (
          <Button onClick={() => void list.fetchNextPage()} pending={list.isFetchingNextPage}>
            Show older versions
          </Button>
        )}
      </section>

      <ConfirmDialog
        open={restoring !== null}
        title={`Restore version ${restoring ?? ''}?`}
        confirmLabel="Restore"
        danger={false}
        pending={restore.isPending}
        error={restoreError}
        onConfirm={confirmRestore}
        onCancel={() => setRestoring(null)}
        details={
          restoring !== null && (
            <section className="versions-restore-diff" aria-label={`What restoring version ${restoring} changes`}>
              <h3>What changes</h3>
              <VersionDiffView kind={kind} id={id} from={latest} to={restoring} fromLabel={`Now (v${latest})`} toLabel={`After restore (v${restoring})`} />
            </section>
          )
        }
      >
        The {registryKind(kind).singular} goes back to how it was in version {restoring}. This is saved as a new version (v{latest + 1}); no version is lost.
        {kind === 'ai-models' && ' The stored provider key is kept as it is now.'}
        {kind === 'knowledge-bases' && ' A file base keeps its current file only if that version names the same file.'}
      </ConfirmDialog>
    </div>
  );
}

function VersionSelect({ label, value, items, onChange }: { label: string; value: number; items: VersionSummary[]; onChange: (n: number) => void }) {
  return (
    <label className="field versions-select">
      <span className="field-label">{label}</span>
      <select className="select" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {items.map((v) => (
          <option key={v.version} value={v.version}>
            v{v.version} — {v.action}
          </option>
        ))}
      </select>
    </label>
  );
}
