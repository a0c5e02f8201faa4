// The frames of a one-task drag, drawn by the designer itself (decision 029; measured in
// bench/RESULTS.md, "2026-11-23 — Speed: the designer's drag, second round"). Given each new
// place, React Flow would take it into its store, where every node, handle and link of the
// canvas holds a subscription (about 7,000 with 1,000 tasks, ~6 ms a frame to run them all),
// then re-render the node, its links and the minimap: most of a frame's script. Instead, while
// one task is dragged, its element is moved and its links redrawn here,
// with React Flow's own geometry (getEdgePosition) and the edge component's own line
// (edges/path.ts); the designer's store takes each place as before (the side panel's place line,
// undo as one step per gesture), and React Flow takes the place when the gesture ends (the
// store's `flowNodes`, store.ts): then the node, its links and the minimap are drawn from React
// Flow's state, as after any change (the minimap shows the task where it was until the drop).
// A drag of several selected nodes goes through React Flow.
import type { InternalNode, NodeChange, NodePositionChange, ReactFlowState, XYPosition } from '@xyflow/react';
import { getEdgePosition } from '@xyflow/system';
import type { DesignerEdge, DesignerNode } from './types';
import { dependencyPath } from './edges/path';
import { COPY_OF } from './edge-snapshot';

/** The change when it is a frame of a one-node drag (one position change, the gesture going on), else null. */
export function oneNodeDragFrame(changes: NodeChange<DesignerNode>[]): (NodePositionChange & { position: XYPosition }) | null {
  if (changes.length !== 1) return null;
  const [change] = changes;
  return change.type === 'position' && change.dragging === true && change.position ? (change as NodePositionChange & { position: XYPosition }) : null;
}

type Drawn = { node: HTMLElement | null; paths: Map<string, SVGPathElement[]> };

/**
 * Moves a dragged node's element and redraws its links in `root` (the canvas), from React Flow's
 * state as it was when the gesture started (`flow()`). The elements are looked up once per
 * gesture and node; `reset` forgets them (at the end of a gesture).
 */
export function createDragFrame(root: () => HTMLElement | null, flow: () => ReactFlowState<DesignerNode, DesignerEdge>) {
  const drawn = new Map<string, Drawn>();

  const elementsOf = (container: HTMLElement, id: string, edgeIds: string[]): Drawn => {
    let found = drawn.get(id);
    // Looked up again when React Flow has replaced one (a link scrolled out of view and back).
    const current = found?.node?.isConnected && [...found.paths.values()].every((paths) => paths.every((path) => path.isConnected));
    if (!found || !current) {
      const node = container.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
      const paths = new Map<string, SVGPathElement[]>();
      for (const edgeId of edgeIds) {
        // React Flow's link, and its copy while the still links are a picture (./edge-snapshot.ts).
        const id = CSS.escape(edgeId);
        const found = [
          ...container.querySelectorAll<SVGPathElement>(
            `.react-flow__edge[data-id="${id}"] path.react-flow__edge-path, .react-flow__edge[data-id="${id}"] path.react-flow__edge-interaction, path[${COPY_OF}="${id}"]`,
          ),
        ];
        // Not drawn (out of view, with only the visible elements rendered): drawn at the end.
        if (found.length) paths.set(edgeId, found);
      }
      found = { node, paths };
      drawn.set(id, found);
    }
    return found;
  };

  return {
    /** Draws node `id` at `position` with its links; false when React Flow does not know the node (nothing drawn). */
    move(id: string, position: XYPosition): boolean {
      const container = root();
      const state = flow();
      const internal = state.nodeLookup.get(id);
      if (!container || !internal || internal.parentId) return false;
      const connections = state.connectionLookup.get(id);
      const edgeIds = connections ? [...new Set([...connections.values()].map((c) => c.edgeId))] : [];
      const { node, paths } = elementsOf(container, id, edgeIds);
      if (!node) return false;
      // The node origin is React Flow's default (0, 0): the absolute place is the place.
      node.style.transform = `translate(${position.x}px,${position.y}px)`;
      const moved: InternalNode<DesignerNode> = { ...internal, internals: { ...internal.internals, positionAbsolute: position } };
      for (const [edgeId, elements] of paths) {
        const edge = state.edgeLookup.get(edgeId);
        if (!edge) continue;
        const sourceNode = edge.source === id ? moved : state.nodeLookup.get(edge.source);
        const targetNode = edge.target === id ? moved : state.nodeLookup.get(edge.target);
        if (!sourceNode || !targetNode) continue;
        const ends = getEdgePosition({ id: edgeId, sourceNode, targetNode, sourceHandle: edge.sourceHandle ?? null, targetHandle: edge.targetHandle ?? null, connectionMode: state.connectionMode });
        if (!ends) continue;
        const d = dependencyPath(ends);
        for (const element of elements) element.setAttribute('d', d);
      }
      return true;
    },
    reset() {
      drawn.clear();
    },
  };
}
