'use client';
// The squad designer once its squad is loaded (SquadDesigner.tsx loads it, and this module beside
// it): the company's agents, then the squad edited on a canvas with its own store. Unsaved work
// is kept as a local draft (offered back on the next opening), leaving with unsaved changes asks
// first, and saving names the version it started from. An old version opens read-only.
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/Button';
import { ChoiceDialog } from '@/components/ui/ChoiceDialog';
import { useLeaveGuard } from '@/components/ui/leave-guard';
import { agents as agentsResource } from '@/lib/client/agents';
import { freeSpot } from '@/lib/graph/spot';
import type { SquadRecord } from '@/lib/schemas/squad';
import { AddTaskDialog } from './AddTaskDialog';
import { Canvas } from './Canvas';
import { DesignerProvider, useDesigner, useDesignerApi } from './context';
import { docToSquad, domainKey, GRID, sameIssues, squadToDoc, TASK_SIZE } from './domain';
import { hasDrafts, readDraft, removeDrafts, writeDraft } from './draft';
import type { Draft } from './domain';
import { useSave } from './save';
import { useShortcuts } from './shortcuts';
import { SidePanel } from './SidePanel';
import { createDesignerStore, type DesignerStore, type TaskFields } from './store';
import { Toolbar, useCanvasCommands } from './Toolbar';
import type { DesignerNode } from './types';

const SYNC_DELAY_MS = 250;

const timeOf = (iso: string) => new Date(iso).toLocaleString();

/** After the first drawing: when the browser is idle (at most a second later), else after the sync's delay. */
function afterOpening(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, SYNC_DELAY_MS);
  return () => clearTimeout(timer);
}

/**
 * Keeps dirtiness, the local draft and the problems found in step with the canvas (debounced: a
 * drag costs nothing). The problems come from the API's zod schema (issues.ts), loaded and run
 * once the canvas is drawn: checking a 1,000-task squad takes longer than drawing it.
 */
function useSync(store: DesignerStore, squadId: string, keepDrafts: boolean) {
  const warned = useRef(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const check = () =>
      void import('./issues').then(({ findIssues }) => {
        if (!live) return;
        const s = store.getState();
        const issues = findIssues(s.base.record, s, s.agents, s.issues);
        if (!sameIssues(issues, s.issues)) s.setIssues(issues);
      });
    const run = () => {
      const s = store.getState();
      const dirty = domainKey(s) !== s.base.savedKey;
      s.setDirty(dirty);
      if (keepDrafts) {
        if (!dirty) removeDrafts(squadId);
        else if (!writeDraft(squadId, s.base.version, docToSquad(s)) && !warned.current) {
          warned.current = true;
          toast.warning('This browser refuses to keep a local draft: save your changes to keep them');
        }
      }
      check();
    };
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.nodes !== prev.nodes || s.edges !== prev.edges || s.agents !== prev.agents || s.base !== prev.base) {
        clearTimeout(timer);
        // While the canvas draws a drag itself (drag-frame.ts) the sync waits for the drop: with
        // 1,000 tasks it takes ~150 ms (draft, schema check), which fell into the next drag when
        // one started within the delay after the last.
        if (s.flowNodes === s.nodes) timer = setTimeout(run, SYNC_DELAY_MS);
      }
    });
    const cancelFirst = afterOpening(run);
    return () => {
      live = false;
      cancelFirst();
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store, squadId, keepDrafts]);
}

/** Whether the canvas differs from the saved squad; when it does, the draft is written first (it is about to be left). */
function useLeaveDesigner(store: DesignerStore, squadId: string, keepDrafts: boolean) {
  useLeaveGuard(() => {
    const s = store.getState();
    const dirty = domainKey(s) !== s.base.savedKey;
    if (dirty && keepDrafts) writeDraft(squadId, s.base.version, docToSquad(s));
    return dirty;
  }, 'This squad has unsaved changes. Leave anyway? (A draft is kept in this browser.)');
}

function SaveStatus({ saving }: { saving: boolean }) {
  const dirty = useDesigner((s) => s.dirty);
  const version = useDesigner((s) => s.base.version);
  const problems = useDesigner((s) => s.issues.list.length);
  const text = saving ? 'Saving…' : dirty ? 'Unsaved changes — a draft is kept in this browser' : 'All changes saved';
  return (
    <div className="sd-status">
      <span className="sd-version" title="The squad's version this canvas started from">
        v{version}
      </span>
      <span data-testid="save-status" data-dirty={dirty} role="status">
        {text}
      </span>
      {problems > 0 && <span className="badge badge-danger">{problems === 1 ? '1 problem' : `${problems} problems`}</span>}
    </div>
  );
}

/** `draft`: the draft found (offered back), null when none, undefined while the one the browser holds is being read. */
function Editor({ squadId, draft, onDraftSettled }: { squadId: string; draft: Draft | null | undefined; onDraftSettled: () => void }) {
  const api = useDesignerApi();
  const flow = useReactFlow<DesignerNode>();
  const rootRef = useRef<HTMLDivElement>(null);
  const [adding, setAdding] = useState(false);
  const agentsQuery = agentsResource.useList();
  const { save, saving, conflict, reloadTheirs, overwrite, dismissConflict } = useSave(api, squadId);
  const name = useDesigner((s) => s.base.record.name);
  const commands = useCanvasCommands();

  // No draft is written or removed while one is offered or still being read.
  useSync(api, squadId, draft === null);
  useLeaveDesigner(api, squadId, draft === null);
  useShortcuts(rootRef, () => void save());

  useEffect(() => {
    if (agentsQuery.data) api.getState().setAgents(agentsQuery.data.map((a) => ({ id: a.id, name: a.name, enabled: a.enabled })));
  }, [agentsQuery.data, api]);

  useEffect(() => {
    if (agentsQuery.error) toast.error(`Could not load the agents: ${agentsQuery.error.message}`);
  }, [agentsQuery.error]);

  const agentOptions = useMemo(
    () => (agentsQuery.data ?? []).map((a) => ({ value: a.id, label: a.name, detail: a.enabled ? 'enabled' : 'disabled' })),
    [agentsQuery.data],
  );

  // A new task goes next to the selected task (the last one selected), else the last task, else
  // the middle of the view; then the view moves to show it if it is not in view (issue 23).
  const addTask = useCallback(
    (fields: TaskFields) => {
      const s = api.getState();
      const tasks = s.nodes.filter((n) => n.type === 'task');
      const anchor = tasks.findLast((n) => n.selected) ?? tasks.at(-1);
      const boxes = s.nodes.map((n) => ({ ...n.position, width: n.width ?? TASK_SIZE.width, height: n.height ?? TASK_SIZE.height }));
      const pane = rootRef.current?.querySelector('.react-flow')?.getBoundingClientRect();
      let near = anchor?.position;
      if (!near) {
        const centre = pane ? flow.screenToFlowPosition({ x: pane.left + pane.width / 2, y: pane.top + pane.height / 2 }) : { x: 0, y: 0 };
        near = { x: centre.x - TASK_SIZE.width / 2, y: centre.y - TASK_SIZE.height / 2 };
      }
      const at = freeSpot(boxes, { x: Math.round(near.x / GRID) * GRID, y: Math.round(near.y / GRID) * GRID }, TASK_SIZE, 2 * GRID);
      s.addTask(fields, at);
      setAdding(false);
      if (pane) {
        const { x, y, zoom } = flow.getViewport();
        const left = at.x * zoom + x;
        const top = at.y * zoom + y;
        const inView = left >= 0 && top >= 0 && left + TASK_SIZE.width * zoom <= pane.width && top + TASK_SIZE.height * zoom <= pane.height;
        if (!inView) void flow.setCenter(at.x + TASK_SIZE.width / 2, at.y + TASK_SIZE.height / 2, { zoom, duration: 200 });
      }
    },
    [api, flow],
  );

  const restoreDraft = () => {
    if (!draft) return;
    const s = api.getState();
    s.replaceSquad(draft.squad);
    s.setBase({ ...s.base, version: draft.baseVersion });
    onDraftSettled();
    commands.fit();
    toast.success('Draft restored: save to keep it');
  };

  const discardDraft = () => {
    removeDrafts(squadId);
    onDraftSettled();
  };

  const current = api.getState().base;

  return (
    <div className="sd-root" ref={rootRef}>
      <header className="sd-header">
        <div className="sd-heading">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <Link href="/squads">← Squads</Link>
          </nav>
          <h1>
            {name} <span className="sd-heading-kind">designer</span>
          </h1>
        </div>
        <SaveStatus saving={!!saving} />
        <Button variant="primary" onClick={() => void save()} pending={saving === 'save'} title="Save (Ctrl+S)">
          Save
        </Button>
      </header>
      <Toolbar onAddTask={() => setAdding(true)} />
      <div className="sd-body">
        <Canvas />
        <SidePanel agentOptions={agentOptions} />
      </div>

      <AddTaskDialog open={adding} agents={agentOptions} agentsLoading={agentsQuery.isPending} onAdd={addTask} onClose={() => setAdding(false)} />

      <ChoiceDialog
        open={!!draft}
        title="Restore your unsaved changes?"
        testId="draft-dialog"
        choices={[
          { label: 'Discard draft', onChoose: discardDraft, variant: 'danger-ghost' },
          { label: 'Restore draft', onChoose: restoreDraft, variant: 'primary', safe: true },
        ]}
      >
        {draft && (
          <>
            <p>
              This browser kept changes to this squad from {timeOf(draft.savedAt)} that were not saved ({draft.squad.tasks.length}{' '}
              {draft.squad.tasks.length === 1 ? 'task' : 'tasks'}).
            </p>
            {draft.baseVersion !== current.record.version && (
              <p>
                The squad was saved since (version {draft.baseVersion} → {current.record.version}). Saving the draft will ask before replacing that newer version.
              </p>
            )}
          </>
        )}
      </ChoiceDialog>

      <ChoiceDialog
        open={!!conflict}
        title="Someone else saved this squad"
        testId="conflict-dialog"
        choices={[
          { label: 'Keep editing', onChoose: dismissConflict, safe: true },
          { label: 'Reload theirs', onChoose: reloadTheirs },
          { label: 'Overwrite theirs', onChoose: overwrite, variant: 'danger', pending: saving === 'overwrite' },
        ]}
      >
        {conflict && (
          <>
            <p>
              This squad was saved by someone else (now version {conflict.theirs.version}, {timeOf(conflict.theirs.updatedAt)}) after you opened version{' '}
              {current.version}. Your changes are not saved yet.
            </p>
            <p>
              <strong>Reload theirs</strong> shows their version (Undo brings yours back). <strong>Overwrite theirs</strong> saves yours in place of theirs.
            </p>
          </>
        )}
      </ChoiceDialog>
    </div>
  );
}

export function LoadedDesigner({ record }: { record: SquadRecord }) {
  const [store] = useState(() => createDesignerStore(record));
  // undefined while a draft the browser holds is read (its check, zod, is loaded then): the sync
  // writes and drops no draft before the one found is offered. Most openings have none.
  const [draft, setDraft] = useState<Draft | null | undefined>(() => (hasDrafts(record.id) ? undefined : null));
  useEffect(() => {
    if (draft !== undefined) return;
    let live = true;
    readDraft(record.id)
      .then((found) => {
        if (!live) return;
        if (found && domainKey(squadToDoc(found.squad)) !== store.getState().base.savedKey) return setDraft(found);
        if (found) removeDrafts(record.id);
        setDraft(null);
      })
      .catch(() => live && setDraft(null));
    return () => {
      live = false;
    };
  }, [draft, record.id, store]);

  return (
    <DesignerProvider store={store}>
      <ReactFlowProvider>
        <Editor squadId={record.id} draft={draft} onDraftSettled={() => setDraft(null)} />
      </ReactFlowProvider>
    </DesignerProvider>
  );
}

/**
 * The squad on the canvas, read-only: an old version (decision 013), or the current one for a
 * role that may not edit squads (decision 079). No toolbar, no side panel, no palette or "Add
 * task", nothing saved or kept as a draft. Restoring an old version is done from the History tab.
 */
export function VersionViewer({ record, version, reason }: { record: SquadRecord; version?: number; reason?: string }) {
  const [store] = useState(() => createDesignerStore(record));
  const agentsQuery = agentsResource.useList();
  useEffect(() => {
    if (agentsQuery.data) store.getState().setAgents(agentsQuery.data.map((a) => ({ id: a.id, name: a.name, enabled: a.enabled })));
  }, [agentsQuery.data, store]);
  const squadHref = `/squads/${encodeURIComponent(record.id)}`;
  return (
    <DesignerProvider store={store}>
      <ReactFlowProvider>
        <div className="sd-root sd-root-solo">
          <header className="sd-header">
            <div className="sd-heading">
              <nav aria-label="Breadcrumb" className="breadcrumb">
                {version === undefined ? <Link href={squadHref}>← {record.name}</Link> : <Link href={`${squadHref}?tab=history`}>← History of {record.name}</Link>}
              </nav>
              <h1>
                {record.name} {version !== undefined && <span className="sd-heading-kind">version {version}</span>}
              </h1>
            </div>
            {version !== undefined && (
              <Link className="btn" href={`${squadHref}/designer`}>
                Open the current version
              </Link>
            )}
          </header>
          <p className="sd-readonly-banner" role="status" data-testid="readonly-banner">
            {version === undefined
              ? `Read-only: ${reason ?? 'you cannot edit this squad'}.`
              : `Read-only: version ${version} as it was saved. To bring it back, use Restore in the squad’s History tab.`}
          </p>
          <div className="sd-body sd-body-solo">
            <Canvas readOnly />
          </div>
        </div>
      </ReactFlowProvider>
    </DesignerProvider>
  );
}
