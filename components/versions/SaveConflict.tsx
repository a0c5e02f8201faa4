'use client';
// Edit forms that never lose a change (issue 23, decision 052). The form saves with the version it
// loaded (If-Match); when someone else saved meanwhile the server refuses (409) and this shows what
// they changed since the form was opened (the versions diff, v<loaded> → v<current>), with three
// answers: "Review and merge" (their values, plus the person's own edits on the fields they did not
// change; a field both changed shows theirs and is named), "Overwrite" (save mine over theirs,
// naming their version) and "Discard mine" (reload their values).
import { Suspense, useState, type ReactNode } from 'react';
import { ChoiceDialog } from '@/components/ui/ChoiceDialog';
import { ApiClientError } from '@/lib/client/api';
import { loadedVersion } from '@/lib/client/loaded-versions';
import { sameValue, type VersionKind } from '@/lib/versions/diff';
import { mergeValues } from '@/lib/versions/merge';
import { LoadingState } from '@/components/ui/States';
import { onDemand } from '@/lib/client/on-demand';
import type { ViewProps } from './VersionDiff';

/** The diff shown on a conflict: loaded when a conflict is first shown, not with the form (decision 085). */
const VersionDiffView = onDemand<ViewProps>(() => import('./VersionDiff').then((m) => m.VersionDiffView));

/** A refusal because the version the form loaded is no longer the latest. */
export const isStaleVersion = (error: unknown): boolean => error instanceof ApiClientError && error.status === 409 && /changed meanwhile/.test(error.message);

type Send = (version: number | null) => Promise<unknown>;
type Conflict<R, V> = { mine: V; send: Send; saved: () => void; current: R; version: number | null };

type Options<R, V> = {
  kind: VersionKind;
  /** The resource's query namespace (its detail reads remember the version: lib/client/loaded-versions). */
  queryKey: string;
  id: string;
  noun: string;
  /** The record the form opened with. */
  record: R;
  toValues: (record: R) => V;
  /** Reads the resource again (its detail query's refetch). */
  reload: () => Promise<R | undefined>;
};

export type VersionedEdit<V> = {
  /** Remounts the form when its values are replaced (merge, discard). */
  formKey: number;
  /** What the form compares with: Save stays disabled while the form equals them. */
  defaultValues: V;
  /** After "Review and merge": the merged values, shown in the form (dirty against `defaultValues`). */
  startValues: V | undefined;
  notice: ReactNode;
  dialog: ReactNode;
  /** Saves `mine` through `send(version)`; a stale version opens the dialog instead of failing. */
  save(mine: V, send: Send, saved: () => void): Promise<void>;
};

export function useVersionedEdit<R, V extends Record<string, unknown>>({ kind, queryKey, id, noun, record, toValues, reload }: Options<R, V>): VersionedEdit<V> {
  const [loaded, setLoaded] = useState(() => ({ record, version: loadedVersion(queryKey, id) }));
  const [formKey, setFormKey] = useState(0);
  const [startValues, setStartValues] = useState<V | undefined>(undefined);
  const [overridden, setOverridden] = useState<string[] | null>(null);
  const [conflict, setConflict] = useState<Conflict<R, V> | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Reads what is saved now; answers the conflict to show, or null when it already holds `mine` (an earlier try did save). */
  async function current(mine: V, send: Send, saved: () => void): Promise<Conflict<R, V> | null> {
    const now = await reload();
    if (now === undefined) throw new Error(`Could not read the ${noun} again`);
    if (sameValue(toValues(now), mine)) return null;
    return { mine, send, saved, current: now, version: loadedVersion(queryKey, id) };
  }

  async function save(mine: V, send: Send, saved: () => void): Promise<void> {
    try {
      await send(loaded.version);
    } catch (caught) {
      if (!isStaleVersion(caught)) throw caught;
      const found = await current(mine, send, saved);
      if (found) {
        setError(null);
        setConflict(found);
        return;
      }
    }
    saved();
  }

  function replaceForm(next: Conflict<R, V>, values: V | undefined, fields: string[] | null) {
    setLoaded({ record: next.current, version: next.version });
    setStartValues(values);
    setOverridden(fields);
    setFormKey((k) => k + 1);
    setConflict(null);
  }

  async function overwrite(open: Conflict<R, V>) {
    setPending(true);
    try {
      await open.send(open.version);
      setConflict(null);
      open.saved();
    } catch (caught) {
      if (!isStaleVersion(caught)) setError(caught instanceof Error ? caught.message : 'Could not save');
      else setConflict((await current(open.mine, open.send, open.saved)) ?? null);
    } finally {
      setPending(false);
    }
  }

  const notice =
    overridden === null ? null : (
      <p className="callout" role="status" data-testid="merge-notice">
        The form now holds the other save and your own changes: review them, then save.
        {overridden.length > 0 && ` Both of you changed ${overridden.map((f) => `“${f}”`).join(', ')}: the form shows their value; enter yours again if it should win.`}
      </p>
    );

  const dialog = conflict && (
    <ChoiceDialog
      open
      title={`This ${noun} was changed while you edited it`}
      testId="save-conflict"
      error={error}
      onEscape={() => setConflict(null)}
      choices={[
        {
          label: 'Review and merge',
          safe: true,
          onChoose: () => {
            const merged = mergeValues(toValues(loaded.record), toValues(conflict.current), conflict.mine);
            replaceForm(conflict, merged.values, merged.overridden);
          },
        },
        { label: 'Overwrite', variant: 'danger', pending, onChoose: () => void overwrite(conflict) },
        { label: 'Discard mine', onChoose: () => replaceForm(conflict, undefined, null) },
      ]}
    >
      <p>
        Someone saved it after you opened this form. Nothing has been saved from your form yet. What changed since you opened it
        {loaded.version !== null && conflict.version !== null ? ` (version ${loaded.version} → ${conflict.version})` : ''}:
      </p>
      {loaded.version !== null && conflict.version !== null && (
        <Suspense fallback={<LoadingState label="Loading the changes…" rows={2} />}>
          <VersionDiffView kind={kind} id={id} from={loaded.version} to={conflict.version} />
        </Suspense>
      )}
    </ChoiceDialog>
  );

  return { formKey, defaultValues: toValues(loaded.record), startValues, notice, dialog, save };
}
