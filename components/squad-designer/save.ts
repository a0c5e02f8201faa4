'use client';
// Saving: the canvas's domain data, checked with the API's zod schema before it leaves the
// browser (problems go on the canvas instead), then PUT with If-Match: "<version>". A 409 means
// someone saved meanwhile: the person chooses to reload their version or overwrite it — never
// decided silently. "Overwrite" saves again naming the version just read.
import { useWithClient } from '@/lib/client/query-hub';
import { useCallback, useRef, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { ApiClientError } from '@/lib/client/api';
import { fetchSquad, saveSquadVersion, squads } from '@/lib/client/squads';
import type { SquadRecord } from '@/lib/schemas/squad';
import { describeIssue, domainKey, serverIssues, squadToDoc } from './domain';
import { removeDrafts } from './draft';
import type { DesignerStore } from './store';

export type Conflict = { theirs: SquadRecord };

export function useSave(store: DesignerStore, squadId: string) {
  const withClient = useWithClient();
  const [saving, setSaving] = useState<false | 'save' | 'overwrite'>(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  /** A save between its start and its end (set before the schema's module is awaited: a second Ctrl+S meanwhile does nothing). */
  const busy = useRef(false);

  const save = useCallback(
    async (version?: number) => {
      if (saving || busy.current) return;
      busy.current = true;
      store.getState().endEdit();
      // The schema's module (zod) is loaded after the canvas is drawn; the first save may wait for it.
      const { findIssues, parseBody } = await import('./issues').catch((error: unknown) => {
        busy.current = false;
        throw error;
      });
      const s = store.getState();
      const doc = { nodes: s.nodes, edges: s.edges };
      const parsed = parseBody(s.base.record, doc);
      if (!parsed.success) {
        busy.current = false;
        const issues = findIssues(s.base.record, doc, s.agents, s.issues);
        s.setIssues(issues);
        toast.error(`Not saved: ${issues.list.length === 1 ? describeIssue(issues.list[0], doc) : `${issues.list.length} problems to fix first (listed in the side panel)`}`);
        return;
      }
      const ifMatch = version ?? s.base.version;
      setSaving(version === undefined ? 'save' : 'overwrite');
      try {
        const saved = await saveSquadVersion(squadId, parsed.data.squad, ifMatch);
        store.getState().setBase({ record: saved, version: saved.version, savedKey: domainKey(doc) });
        store.getState().setDirty(domainKey(store.getState()) !== domainKey(doc));
        removeDrafts(squadId);
        setConflict(null);
        void withClient((client) => {
          client.setQueryData(squads.keys.detail(squadId), saved);
          void client.invalidateQueries({ queryKey: squads.keys.list() });
          void client.invalidateQueries({ queryKey: squads.keys.pages() });
        });
        toast.success(`Squad saved (version ${saved.version})`);
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 409) {
          const theirs = await fetchSquad(squadId).catch(() => null);
          if (theirs && theirs.version !== ifMatch) {
            setConflict({ theirs });
            return;
          }
        }
        if (error instanceof ApiClientError && error.isValidation) {
          store.getState().setIssues(serverIssues(error.errors, doc, store.getState().issues));
        }
        toast.error(`Not saved: ${error instanceof Error ? error.message : 'something went wrong'}`);
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },
    [withClient, saving, squadId, store],
  );

  /** Their version replaces the canvas (one undoable step, so nothing of mine is lost for good). */
  const reloadTheirs = useCallback(() => {
    if (!conflict) return;
    const { theirs } = conflict;
    const s = store.getState();
    s.replaceSquad(theirs);
    s.setBase({ record: theirs, version: theirs.version, savedKey: domainKey(squadToDoc(theirs)) });
    removeDrafts(squadId);
    void withClient((client) => client.setQueryData(squads.keys.detail(squadId), theirs));
    setConflict(null);
    toast.success(`Loaded their version (version ${theirs.version}); Undo brings yours back`);
  }, [withClient, conflict, squadId, store]);

  const overwrite = useCallback(() => {
    if (conflict) void save(conflict.theirs.version);
  }, [conflict, save]);

  return { save, saving, conflict, reloadTheirs, overwrite, dismissConflict: () => setConflict(null) };
}
