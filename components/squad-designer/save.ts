'use client';
// Saving: the canvas's domain data, checked with the API's zod schema before it leaves the
// browser (problems go on the canvas instead), then PUT with If-Match: "<version>". A 409 means
// someone saved meanwhile: the person chooses to reload their version or overwrite it — never
// decided silently. "Overwrite" saves again naming the version just read.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { ApiClientError } from '@/lib/client/api';
import { fetchSquad, saveSquadVersion, squads } from '@/lib/client/squads';
import { squadInput, type SquadRecord } from '@/lib/schemas/squad';
import { describeIssue, domainKey, findIssues, serverIssues, squadBody, squadToDoc } from './domain';
import { removeDrafts } from './draft';
import type { DesignerStore } from './store';

export type Conflict = { theirs: SquadRecord };

export function useSave(store: DesignerStore, squadId: string) {
  const client = useQueryClient();
  const [saving, setSaving] = useState<false | 'save' | 'overwrite'>(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const save = useCallback(
    async (version?: number) => {
      if (saving) return;
      const s = store.getState();
      s.endEdit();
      const doc = { nodes: store.getState().nodes, edges: store.getState().edges };
      const parsed = squadInput.safeParse(squadBody(s.base.record, doc));
      if (!parsed.success) {
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
        client.setQueryData(squads.keys.detail(squadId), saved);
        void client.invalidateQueries({ queryKey: squads.keys.list() });
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
        setSaving(false);
      }
    },
    [client, saving, squadId, store],
  );

  /** Their version replaces the canvas (one undoable step, so nothing of mine is lost for good). */
  const reloadTheirs = useCallback(() => {
    if (!conflict) return;
    const { theirs } = conflict;
    const s = store.getState();
    s.replaceSquad(theirs);
    s.setBase({ record: theirs, version: theirs.version, savedKey: domainKey(squadToDoc(theirs)) });
    removeDrafts(squadId);
    client.setQueryData(squads.keys.detail(squadId), theirs);
    setConflict(null);
    toast.success(`Loaded their version (version ${theirs.version}); Undo brings yours back`);
  }, [client, conflict, squadId, store]);

  const overwrite = useCallback(() => {
    if (conflict) void save(conflict.theirs.version);
  }, [conflict, save]);

  return { save, saving, conflict, reloadTheirs, overwrite, dismissConflict: () => setConflict(null) };
}
