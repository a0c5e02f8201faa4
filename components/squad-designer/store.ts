// The designer's state, one store per open editor: the canvas (nodes, edges), its undo/redo
// history of meaningful steps, the company's agents, the problems found, and what was last saved.
// Components read it through narrow selectors (see context.tsx), so a drag re-renders the moved
// node, not the page.
import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import { createStore } from 'zustand/vanilla';
import { nextTaskId, pasteTasks, type ClipboardPayload } from '@/lib/graph/clipboard';
import { begin, emptyHistory, redo, settle, step, undo, type History } from '@/lib/graph/history';
import type { layoutCanvas } from '@/lib/graph/layout';
import { dependencyRefusal, type GraphTask } from '@/lib/graph/rules';
import type { SquadRecord } from '@/lib/schemas/squad';
import { dependencyEdge, domainKey, GRID, squadToDoc, TASK_SIZE, type DesignedSquad } from './domain';
import { NO_ISSUES, type AgentInfo, type DesignerEdge, type DesignerNode, type Doc, type Issues, type TaskFlowNode } from './types';
import { dict } from '@/lib/dict';

export type Base = {
  /** The squad as last loaded or saved (its other fields go into the saved body). */
  record: SquadRecord;
  /** The version the next save names in If-Match. */
  version: number;
  /** domainKey of what the server holds at `version`, to tell unsaved changes. */
  savedKey: string;
};

export type TaskFields = { name: string; objective: string; agent: string };

export type DesignerState = Doc & {
  /**
   * The nodes React Flow is given: `nodes`, but for the frames of a one-task drag the canvas draws
   * itself (drag-frame.ts): React Flow takes the place when the gesture ends.
   */
  flowNodes: DesignerNode[];
  history: History<Doc>;
  base: Base;
  /** Unsaved changes (kept current by the designer's sync, and checked afresh before leaving). */
  dirty: boolean;
  agents: Record<string, AgentInfo> | null;
  issues: Issues;
  snapToGrid: boolean;
  /**
   * Why the last link tried was refused, shown until it no longer applies: the links change
   * (another link, undo, a deletion), the squad is saved or reloaded, or another link is tried.
   */
  linkRefusal: string | null;

  /** `drawn`: a frame of a one-task drag the canvas has drawn itself (flowNodes is kept). */
  onNodesChange: (changes: NodeChange<DesignerNode>[], drawn?: boolean) => void;
  onEdgesChange: (changes: EdgeChange<DesignerEdge>[]) => void;
  /** React Flow is given the nodes as they are (after a gesture the canvas drew itself; usually already so). */
  showNodes: () => void;
  /** A field edit starts / ends (focus / blur): everything typed in between is one step. */
  beginEdit: () => void;
  endEdit: () => void;
  /** Why this connection may not be made, or null (then it is made, as one step). */
  connect: (connection: Connection) => string | null;
  refusalFor: (connection: Connection) => string | null;
  /** Shows (or, with null, clears) the note of a refused link. */
  setLinkRefusal: (refusal: string | null) => void;
  addTask: (fields: TaskFields, at: { x: number; y: number }) => string;
  /** Live changes while typing (wrap them in beginEdit/endEdit), or one step with `step: true`. */
  updateTask: (id: string, patch: Partial<TaskFields>, options?: { step?: boolean }) => void;
  setSlotAgent: (id: string, agent: string) => void;
  removeEdges: (ids: string[]) => void;
  deleteSelection: () => number;
  selectAll: () => void;
  selectOnly: (nodeIds: string[], edgeIds?: string[]) => void;
  undo: () => void;
  redo: () => void;
  /** Lays the canvas out with `layout` (lib/graph/layout's layoutCanvas, loaded on demand by the toolbar). */
  autoLayout: (layout: typeof layoutCanvas) => void;
  paste: (payload: ClipboardPayload, offset: { x: number; y: number }) => string[];
  /** Replaces the canvas with a squad (a restored draft, the other person's version): one undoable step. */
  replaceSquad: (squad: DesignedSquad | SquadRecord) => void;
  setBase: (base: Base) => void;
  setDirty: (dirty: boolean) => void;
  setAgents: (agents: AgentInfo[]) => void;
  setIssues: (issues: Issues) => void;
  toggleSnap: () => void;
};

export type DesignerStore = ReturnType<typeof createDesignerStore>;

const docOf = (s: Doc): Doc => ({ nodes: s.nodes, edges: s.edges });

const sameData = (a: DesignerNode, b: DesignerNode): boolean => {
  if (a.data === b.data) return true;
  if (a.type === 'task' && b.type === 'task') return a.data.name === b.data.name && a.data.objective === b.data.objective && a.data.agent === b.data.agent;
  if (a.type !== 'task' && b.type !== 'task') return a.data.agent === b.data.agent && a.data.autoPlaced === b.data.autoPlaced;
  return false;
};

/** Same domain content (positions, sizes, data, links); selection and measurements do not count. */
export function sameDoc(a: Doc, b: Doc): boolean {
  if (a.nodes === b.nodes && a.edges === b.edges) return true;
  if (a.nodes.length !== b.nodes.length || a.edges.length !== b.edges.length) return false;
  for (let i = 0; i < a.nodes.length; i++) {
    const x = a.nodes[i];
    const y = b.nodes[i];
    if (x === y) continue;
    if (x.id !== y.id || x.type !== y.type || x.position.x !== y.position.x || x.position.y !== y.position.y || x.width !== y.width || x.height !== y.height || !sameData(x, y)) return false;
  }
  for (let i = 0; i < a.edges.length; i++) if (a.edges[i].id !== b.edges[i].id) return false;
  return true;
}

/** A restored snapshot with the current selection applied (undo does not change what is selected). */
function withSelection(doc: Doc, current: Doc): Doc {
  const nodes = new Set(current.nodes.filter((n) => n.selected).map((n) => n.id));
  const edges = new Set(current.edges.filter((e) => e.selected).map((e) => e.id));
  return {
    nodes: doc.nodes.map((n) => (!!n.selected === nodes.has(n.id) ? n : { ...n, selected: nodes.has(n.id) })),
    edges: doc.edges.map((e) => (!!e.selected === edges.has(e.id) ? e : { ...e, selected: edges.has(e.id) })),
  };
}

/** Tasks with their dependencies, as the graph rules read them. */
export function graphTasks(doc: Doc): GraphTask[] {
  const deps = new Map<string, string[]>();
  for (const edge of doc.edges) deps.set(edge.target, [...(deps.get(edge.target) ?? []), edge.source]);
  return doc.nodes.filter((n) => n.type === 'task').map((n) => ({ id: n.id, dependsOn: deps.get(n.id) ?? [] }));
}

/**
 * The opening's nodes as React Flow would have measured them: each at its stated size (React
 * Flow draws a node at its width and height). Its measuring then finds nothing changed, so the
 * whole canvas is not drawn a second time after opening; a node whose box differs is still
 * measured again and corrected (Canvas.tsx gives the handles; issue 22).
 */
const asMeasured = (doc: Doc): Doc => ({
  ...doc,
  nodes: doc.nodes.map((n) => (n.width && n.height ? ({ ...n, measured: { width: n.width, height: n.height } } as DesignerNode) : n)),
});

/** A node marked as placed by the person (a planner/supervisor shown at its default place becomes stored). */
function placed(node: DesignerNode): DesignerNode {
  return node.type !== 'task' && node.data.autoPlaced ? ({ ...node, data: { ...node.data, autoPlaced: false } } as DesignerNode) : node;
}

export function createDesignerStore(record: SquadRecord) {
  const initial = asMeasured(squadToDoc(record));
  return createStore<DesignerState>()((setState, get) => {
    /**
     * Every change of the nodes reaches React Flow, but those that say what React Flow shows
     * (`flowNodes`). A refused link's note goes once the links change or the squad is saved.
     */
    const set = (partial: Partial<DesignerState> | ((s: DesignerState) => Partial<DesignerState>)) =>
      setState((s) => {
        let patch = typeof partial === 'function' ? partial(s) : partial;
        if (s.linkRefusal !== null && !('linkRefusal' in patch) && ((patch.edges && patch.edges !== s.edges) || (patch.base && patch.base !== s.base))) patch = { ...patch, linkRefusal: null };
        return patch.nodes && patch.nodes !== s.nodes && !('flowNodes' in patch) ? { ...patch, flowNodes: patch.nodes } : patch;
      });

    /** Applies a discrete change as one undoable step. */
    const change = (next: (s: DesignerState) => Partial<Doc> | null) =>
      set((s) => {
        const patch = next(s);
        if (!patch) return {};
        return { ...patch, history: step(s.history, docOf(s), sameDoc) };
      });

    return {
      ...initial,
      flowNodes: initial.nodes,
      history: emptyHistory<Doc>(),
      base: { record, version: record.version, savedKey: domainKey(initial) },
      dirty: false,
      agents: null,
      issues: NO_ISSUES,
      snapToGrid: true,
      linkRefusal: null,

      onNodesChange: (changes, drawn = false) =>
        set((s) => {
          let history = s.history;
          const before = docOf(s);
          const gesture = changes.some((c) => (c.type === 'position' && c.dragging) || (c.type === 'dimensions' && c.resizing === true));
          const ends = changes.some((c) => (c.type === 'position' && c.dragging === false) || (c.type === 'dimensions' && c.resizing === false));
          const structural = changes.some((c) => c.type === 'remove' || c.type === 'add' || c.type === 'replace');
          if (gesture) history = begin(history, before);
          else if ((ends && !history.pending) || structural) history = step(history, before, sameDoc);
          let nodes = applyNodeChanges(changes, s.nodes);
          // Moving or resizing the planner/supervisor gives it stored coordinates.
          const touched = new Set(changes.filter((c) => c.type === 'position' || (c.type === 'dimensions' && c.resizing !== undefined)).map((c) => ('id' in c ? c.id : '')));
          if (touched.size && nodes.some((n) => n.type !== 'task' && n.data.autoPlaced && touched.has(n.id))) nodes = nodes.map((n) => (touched.has(n.id) ? placed(n) : n));
          if (ends && !gesture) history = settle(history, { nodes, edges: s.edges }, sameDoc);
          return { nodes, history, flowNodes: drawn ? s.flowNodes : nodes };
        }),

      onEdgesChange: (changes) =>
        set((s) => {
          const structural = changes.some((c) => c.type !== 'select');
          return { edges: applyEdgeChanges(changes, s.edges), history: structural ? step(s.history, docOf(s), sameDoc) : s.history };
        }),

      showNodes: () => set((s) => (s.flowNodes === s.nodes ? s : { flowNodes: s.nodes })),
      beginEdit: () => set((s) => ({ history: begin(s.history, docOf(s)) })),
      endEdit: () => set((s) => ({ history: settle(s.history, docOf(s), sameDoc) })),

      refusalFor: (connection) => {
        const { source, target } = connection;
        if (!source || !target) return 'Connect one task to another';
        const s = get();
        const kinds = new Map(s.nodes.map((n) => [n.id, n.type]));
        if (kinds.get(source) !== 'task' || kinds.get(target) !== 'task') return 'Only tasks depend on each other';
        return dependencyRefusal(graphTasks(s), target, source);
      },

      connect: (connection) => {
        const refusal = get().refusalFor(connection);
        if (refusal) return refusal;
        change((s) => ({ edges: [...s.edges, dependencyEdge(connection.source, connection.target)] }));
        return null;
      },

      setLinkRefusal: (refusal) => set((s) => (s.linkRefusal === refusal ? {} : { linkRefusal: refusal })),

      addTask: (fields, at) => {
        const id = nextTaskId(new Set(get().nodes.map((n) => n.id)));
        const node: TaskFlowNode = {
          id,
          type: 'task',
          position: { x: Math.round(at.x / GRID) * GRID, y: Math.round(at.y / GRID) * GRID },
          width: TASK_SIZE.width,
          height: TASK_SIZE.height,
          data: { name: fields.name, objective: fields.objective, agent: fields.agent },
          selected: true,
        };
        change((s) => ({ nodes: [...s.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), node], edges: s.edges.map((e) => (e.selected ? { ...e, selected: false } : e)) }));
        return id;
      },

      updateTask: (id, patch, options = {}) => {
        const apply = (s: DesignerState) => ({
          nodes: s.nodes.map((n) => (n.id === id && n.type === 'task' ? { ...n, data: { ...n.data, ...patch } } : n)),
        });
        if (options.step) change(apply);
        else set(apply);
      },

      setSlotAgent: (id, agent) =>
        change((s) => ({ nodes: s.nodes.map((n) => (n.id === id && n.type !== 'task' ? ({ ...n, data: { ...n.data, agent } } as DesignerNode) : n)) })),

      removeEdges: (ids) => {
        const gone = new Set(ids);
        change((s) => (s.edges.some((e) => gone.has(e.id)) ? { edges: s.edges.filter((e) => !gone.has(e.id)) } : null));
      },

      deleteSelection: () => {
        const s = get();
        // The planning agent and the supervisor are squad settings: the canvas only places them.
        const nodes = new Set(s.nodes.filter((n) => n.selected && n.type === 'task').map((n) => n.id));
        const edges = s.edges.filter((e) => e.selected || nodes.has(e.source) || nodes.has(e.target)).map((e) => e.id);
        if (!nodes.size && !edges.length) return 0;
        const gone = new Set(edges);
        change((st) => ({ nodes: st.nodes.filter((n) => !nodes.has(n.id)), edges: st.edges.filter((e) => !gone.has(e.id)) }));
        return nodes.size + edges.length;
      },

      selectAll: () =>
        set((s) => ({
          nodes: s.nodes.map((n) => (n.selected ? n : { ...n, selected: true })),
          edges: s.edges.map((e) => (e.selected ? e : { ...e, selected: true })),
        })),

      selectOnly: (nodeIds, edgeIds = []) => {
        const n = new Set(nodeIds);
        const e = new Set(edgeIds);
        set((s) => ({
          nodes: s.nodes.map((x) => (!!x.selected === n.has(x.id) ? x : { ...x, selected: n.has(x.id) })),
          edges: s.edges.map((x) => (!!x.selected === e.has(x.id) ? x : { ...x, selected: e.has(x.id) })),
        }));
      },

      undo: () =>
        set((s) => {
          const result = undo(s.history, docOf(s), sameDoc);
          return result ? { ...withSelection(result.present, s), history: result.history } : { history: settle(s.history, docOf(s), sameDoc) };
        }),

      redo: () =>
        set((s) => {
          const result = redo(s.history, docOf(s), sameDoc);
          return result ? { ...withSelection(result.present, s), history: result.history } : {};
        }),

      autoLayout: (layout) =>
        change((s) => {
          const positions = layout(
            s.nodes.map((n) => ({ id: n.id, kind: n.type, x: n.position.x, y: n.position.y, width: n.width ?? TASK_SIZE.width, height: n.height ?? TASK_SIZE.height })),
            s.edges,
            { grid: GRID },
          );
          return {
            nodes: s.nodes.map((n) => {
              const p = positions.get(n.id);
              return p && (p.x !== n.position.x || p.y !== n.position.y) ? placed({ ...n, position: p }) : n;
            }),
          };
        }),

      paste: (payload, offset) => {
        const tasks = pasteTasks(payload, new Set(get().nodes.map((n) => n.id)), offset);
        const pasted = squadToDoc({ tasks });
        change((s) => ({
          nodes: [...s.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), ...pasted.nodes.map((n) => ({ ...n, selected: true }))],
          edges: [...s.edges.map((e) => (e.selected ? { ...e, selected: false } : e)), ...pasted.edges],
        }));
        return tasks.map((t) => t.id);
      },

      replaceSquad: (squad) => change(() => squadToDoc(squad)),

      setBase: (base) => set({ base }),
      setDirty: (dirty) => set((s) => (s.dirty === dirty ? {} : { dirty })),
      setAgents: (list) => set({ agents: dict(list.map((a) => [a.id, a])) }),
      setIssues: (issues) => set({ issues }),
      toggleSnap: () => set((s) => ({ snapToGrid: !s.snapToGrid })),
    };
  });
}
