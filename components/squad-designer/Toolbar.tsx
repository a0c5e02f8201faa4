'use client';
// The canvas's commands: add a task, undo/redo, auto-layout, fit view, copy/paste/delete and
// grid snapping. Every button says its shortcut in its tooltip.
import { useReactFlow, useStoreApi } from '@xyflow/react';
import { useMemo } from 'react';
import { toast } from '@/lib/client/toast';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '@/components/ui/Button';
import { copySelection, pastePayload, payloadToPaste } from './clipboard';
import { useDesigner, useDesignerApi } from './context';
import { fitOptions } from './fit';
import type { DesignerEdge, DesignerNode } from './types';

export const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

export function useCanvasCommands() {
  const api = useDesignerApi();
  const flow = useReactFlow<DesignerNode>();
  const flowStore = useStoreApi<DesignerNode, DesignerEdge>();

  return useMemo(() => {
    // The tasks fill the canvas but the corner the minimap takes (fit.ts).
    const fit = () => requestAnimationFrame(() => void flow.fitView(fitOptions(flowStore.getState(), { maxZoom: 1, duration: 200 })));
    return {
    fit,
    // dagre (lib/graph/layout) is loaded at the first auto-layout, not with the designer.
    layout: () =>
      void import('@/lib/graph/layout').then(({ layoutCanvas }) => {
        api.getState().autoLayout(layoutCanvas);
        fit();
      }),
    remove: () => {
      const count = api.getState().deleteSelection();
      if (!count) toast.info('Select tasks or links to delete (the planning agent and supervisor stay)');
    },
    copy: () => {
      const count = copySelection(api);
      if (count) toast.success(`Copied ${count} ${count === 1 ? 'task' : 'tasks'}`);
      else toast.info('Select the tasks to copy');
    },
    paste: (clipboardText?: string | null) =>
      void payloadToPaste(clipboardText).then((payload) => {
        if (!payload) {
          toast.info('Nothing to paste: copy tasks first');
          return;
        }
        const ids = pastePayload(api, payload);
        toast.success(`Pasted ${ids.length} ${ids.length === 1 ? 'task' : 'tasks'}`);
      }),
    };
  }, [api, flow, flowStore]);
}

export function Toolbar({ onAddTask }: { onAddTask: () => void }) {
  const api = useDesignerApi();
  const commands = useCanvasCommands();
  const { canUndo, canRedo, hasSelection, snapToGrid } = useDesigner(
    useShallow((s) => ({
      canUndo: s.history.past.length > 0 || s.history.pending !== null,
      canRedo: s.history.future.length > 0,
      hasSelection: s.nodes.some((n) => n.selected) || s.edges.some((e) => e.selected),
      snapToGrid: s.snapToGrid,
    })),
  );

  return (
    <div className="sd-toolbar" role="toolbar" aria-label="Canvas tools">
      <Button size="sm" variant="primary" onClick={onAddTask}>
        + Add task
      </Button>
      <span className="sd-sep" aria-hidden="true" />
      <Button size="sm" onClick={() => api.getState().undo()} disabled={!canUndo} title={`Undo (${MOD}+Z)`}>
        Undo
      </Button>
      <Button size="sm" onClick={() => api.getState().redo()} disabled={!canRedo} title={`Redo (${MOD}+Shift+Z or Ctrl+Y)`}>
        Redo
      </Button>
      <span className="sd-sep" aria-hidden="true" />
      <Button size="sm" onClick={commands.layout} title="Arrange the tasks along their dependencies">
        Auto-layout
      </Button>
      <Button size="sm" onClick={commands.fit} title="Fit view (F or Shift+1)">
        Fit view
      </Button>
      <span className="sd-sep" aria-hidden="true" />
      <Button size="sm" onClick={commands.copy} disabled={!hasSelection} title={`Copy (${MOD}+C)`}>
        Copy
      </Button>
      <Button size="sm" onClick={() => commands.paste()} title={`Paste (${MOD}+V)`}>
        Paste
      </Button>
      <Button size="sm" variant="danger-ghost" onClick={commands.remove} disabled={!hasSelection} title="Delete (Delete or Backspace)">
        Delete
      </Button>
      <span className="sd-sep" aria-hidden="true" />
      <label className="sd-snap">
        <input type="checkbox" checked={snapToGrid} onChange={() => api.getState().toggleSnap()} /> Snap to grid
      </label>
    </div>
  );
}
