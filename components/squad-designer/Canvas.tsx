'use client';
// The React Flow canvas: nodes and edges from the store, dependencies made by dragging from a
// task's lower handle to another task's upper handle (refused while dragging, with the reason,
// when the shared graph rules forbid it; after the drop the reason stays in one note on the canvas
// until it no longer applies: the store drops it when the links change or the squad is saved),
// a grid with snapping, minimap (MiniMap.tsx; hidden on narrow screens, designer.css) and zoom
// controls.
import {
  Background,
  BackgroundVariant,
  Controls,
  Panel,
  ReactFlow,
  useConnection,
  useStoreApi,
  type Connection,
  type ConnectionState,
  type Edge,
  type FinalConnectionState,
  type IsValidConnection,
  type NodeChange,
  type OnNodeDrag,
  type Viewport,
} from '@xyflow/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useColorMode } from '@/components/console/theme';
import { useDesigner, useDesignerApi } from './context';
import { GRID } from './domain';
import { MAX_ZOOM, MIN_ZOOM, OPENING_VIEW, openingViewport } from './fit';
import { createDragFrame, oneNodeDragFrame } from './drag-frame';
import { hideEdgeSnapshot, showEdgeSnapshot } from './edge-snapshot';
import { edgeTypes, nodeTypes } from './flow-types';
import { SquadMiniMap } from './MiniMap';
import { unmeasured, withHandles } from './nodes/handles';
import { ZoomDetailProvider } from './nodes/zoom';
import type { DesignerEdge, DesignerNode } from './types';

/** Above this many nodes only what is in view is rendered. */
const VISIBLE_ONLY_ABOVE = 150;

const SNAP: [number, number] = [GRID, GRID];
const MULTI_SELECT_KEYS = ['Meta', 'Control'];
const PRO_OPTIONS = { hideAttribution: true };

/** The connection being dragged, as a dependency: which end is the dependency. */
function asConnection(state: { fromNode: { id: string } | null; fromHandle: { type: string } | null; toNode: { id: string } | null }): Connection | null {
  if (!state.fromNode || !state.toNode || !state.fromHandle) return null;
  const fromSource = state.fromHandle.type === 'source';
  return {
    source: fromSource ? state.fromNode.id : state.toNode.id,
    target: fromSource ? state.toNode.id : state.fromNode.id,
    sourceHandle: null,
    targetHandle: null,
  };
}

/** While a link is dragged: what dropping it here would do, or why it is refused. */
function ConnectionHint() {
  const api = useDesignerApi();
  const connection = useConnection(
    useShallow((c: ConnectionState) => ({
      inProgress: c.inProgress,
      from: c.fromNode?.id ?? null,
      fromType: c.fromHandle?.type ?? null,
      to: c.toNode?.id ?? null,
    })),
  );
  const hint = useMemo(() => {
    if (!connection.inProgress) return null;
    if (!connection.to) {
      return { tone: 'info', text: connection.fromType === 'source' ? 'Drop on the task that depends on this one' : 'Drop on the task this one depends on' };
    }
    const conn = asConnection({ fromNode: { id: connection.from! }, fromHandle: { type: connection.fromType! }, toNode: { id: connection.to } });
    const refusal = conn && api.getState().refusalFor(conn);
    if (refusal) return { tone: 'refused', text: `Cannot link: ${refusal}` };
    const name = (id: string) => {
      const node = api.getState().nodes.find((n) => n.id === id);
      return node?.type === 'task' ? `“${node.data.name || id}”` : id;
    };
    return { tone: 'ok', text: `Release: ${name(conn!.target)} will depend on ${name(conn!.source)}` };
  }, [api, connection]);
  if (!hint) return null;
  return (
    <Panel position="top-center" className="sd-connect-hint" data-tone={hint.tone}>
      <span role="status">{hint.text}</span>
    </Panel>
  );
}

/** `readOnly`: an old version shown as it was (decision 013): nothing moves, links or gets deleted. */
export function Canvas({ readOnly = false }: { readOnly?: boolean } = {}) {
  const api = useDesignerApi();
  const flow = useStoreApi<DesignerNode, DesignerEdge>();
  const { nodes, edges, onEdgesChange, endEdit, showNodes, snapToGrid, lastRefusal, setLastRefusal } = useDesigner(
    useShallow((s) => ({
      nodes: s.flowNodes,
      edges: s.edges,
      onEdgesChange: s.onEdgesChange,
      endEdit: s.endEdit,
      showNodes: s.showNodes,
      snapToGrid: s.snapToGrid,
      lastRefusal: s.linkRefusal,
      setLastRefusal: s.setLinkRefusal,
    })),
  );
  const colorMode = useColorMode();
  const canvasRef = useRef<HTMLDivElement>(null);

  // The opening (issue 22): the canvas's first frame is the squad as it stays, fitted and linked,
  // drawn once. The canvas's box is measured before React Flow is drawn in it (a layout effect:
  // before the browser paints), the opening view computed from the nodes' stated sizes and put in
  // React Flow's store, and the opening's nodes come measured (store.ts) with their handles
  // (nodes/handles.ts): the links need no measuring, and React Flow's own measuring finds nothing
  // to change. Without a box to measure (undefined: not yet; null: none) React Flow measures the
  // nodes and fits the view itself, as before.
  const [opening, setOpening] = useState<Viewport | null | undefined>(undefined);
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const width = canvas?.clientWidth ?? 0;
    const height = canvas?.clientHeight ?? 0;
    const view = openingViewport(nodes, width, height);
    if (view) flow.setState({ transform: [view.x, view.y, view.zoom], width, height });
    setOpening(view);
    // Once, before the first frame: the nodes then are the opening's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [openingNodes] = useState(nodes);
  const shownNodes = useMemo(() => (nodes !== openingNodes ? nodes : opening ? withHandles(nodes) : unmeasured(nodes)), [nodes, openingNodes, opening]);

  // A one-task drag's frames are drawn by the canvas (drag-frame.ts); the store takes each place.
  const dragFrame = useRef<ReturnType<typeof createDragFrame> | null>(null);
  const onNodesChange = useCallback(
    (changes: NodeChange<DesignerNode>[]) => {
      const frame = oneNodeDragFrame(changes);
      if (frame) dragFrame.current ??= createDragFrame(() => canvasRef.current, () => flow.getState());
      const drawn = !!frame && !!dragFrame.current?.move(frame.id, frame.position);
      api.getState().onNodesChange(changes, drawn);
    },
    [api, flow],
  );

  // While a node is dragged the edges take no pointer: the browser hit-tests fewer shapes per
  // frame. A class on the element, not React state: starting a drag re-renders nothing.
  const dragStart = useCallback(() => {
    dragFrame.current?.reset();
    canvasRef.current?.classList.add('sd-dragging');
  }, []);
  // One task of a large squad: its still links become one picture for the gesture (edge-snapshot.ts).
  const nodeDragStart: OnNodeDrag<DesignerNode> = useCallback(
    (_event, node, dragged) => {
      const canvas = canvasRef.current;
      const state = flow.getState();
      // The picture first: it reads the links' styles, which the drag's class then changes.
      if (canvas && dragged.length === 1 && state.nodeLookup.size > VISIBLE_ONLY_ABOVE) {
        const connections = state.connectionLookup.get(node.id);
        showEdgeSnapshot(canvas, new Set(connections ? [...connections.values()].map((c) => c.edgeId) : []));
      }
      dragStart();
    },
    [dragStart, flow],
  );
  const dragStop = useCallback(() => {
    const canvas = canvasRef.current;
    if (canvas) {
      canvas.classList.remove('sd-dragging');
      hideEdgeSnapshot(canvas);
    }
    dragFrame.current?.reset();
    showNodes();
    endEdit();
  }, [endEdit, showNodes]);
  // A gesture cut short by leaving the page takes its picture along.
  useEffect(() => {
    const canvas = canvasRef.current;
    return () => {
      if (canvas) hideEdgeSnapshot(canvas);
    };
  }, []);

  // Handlers keep their identity across renders: React Flow copies each changed one into its
  // store, and every change of that store runs every subscriber in the canvas (a drag re-renders
  // the canvas at each frame).
  const clearRefusal = useCallback(() => setLastRefusal(null), [setLastRefusal]);

  const isValidConnection: IsValidConnection = useCallback(
    (c: Connection | Edge) => api.getState().refusalFor({ source: c.source, target: c.target, sourceHandle: null, targetHandle: null }) === null,
    [api],
  );

  const onConnect = useCallback(
    (c: Connection) => {
      setLastRefusal(api.getState().connect(c));
    },
    [api, setLastRefusal],
  );

  const onConnectEnd = useCallback(
    (_event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid !== false) return;
      const conn = asConnection(state);
      const refusal = conn && api.getState().refusalFor(conn);
      if (refusal) setLastRefusal(refusal);
    },
    [api, setLastRefusal],
  );

  return (
    <div className="sd-canvas" data-testid="designer-canvas" ref={canvasRef}>
      <ZoomDetailProvider fitted={!!opening}>
        {opening !== undefined && (
          <ReactFlow<DesignerNode, DesignerEdge>
            colorMode={colorMode}
            nodes={shownNodes}
            edges={edges}
            nodeTypes={nodeTypes}
            edgeTypes={edgeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={readOnly ? undefined : onConnect}
            onConnectStart={clearRefusal}
            onConnectEnd={readOnly ? undefined : onConnectEnd}
            nodesDraggable={!readOnly}
            nodesConnectable={!readOnly}
            edgesReconnectable={!readOnly}
            elementsSelectable={!readOnly}
            isValidConnection={isValidConnection}
            onNodeDragStart={nodeDragStart}
            onNodeDragStop={dragStop}
            onSelectionDragStart={dragStart}
            onSelectionDragStop={dragStop}
            snapToGrid={snapToGrid}
            snapGrid={SNAP}
            deleteKeyCode={null}
            selectionKeyCode="Shift"
            multiSelectionKeyCode={MULTI_SELECT_KEYS}
            onlyRenderVisibleElements={nodes.length > VISIBLE_ONLY_ABOVE}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            defaultViewport={opening ?? undefined}
            fitView={!opening}
            fitViewOptions={OPENING_VIEW}
            proOptions={PRO_OPTIONS}
            aria-label={readOnly ? 'Squad canvas (read-only)' : 'Squad canvas'}
          >
            <Background variant={BackgroundVariant.Dots} gap={GRID} size={1.2} color="#c3c9d4" />
            <SquadMiniMap ariaLabel="Minimap of the squad" />
            <Controls position="bottom-left" showInteractive={false} />
            {!readOnly && <ConnectionHint />}
            {lastRefusal && (
              <Panel position="top-center" className="sd-refusal" data-testid="link-refusal">
                <span role="alert">Link refused: {lastRefusal}</span>
                <button type="button" className="sd-refusal-close" aria-label="Dismiss" onClick={() => setLastRefusal(null)}>
                  ×
                </button>
              </Panel>
            )}
          </ReactFlow>
        )}
      </ZoomDetailProvider>
    </div>
  );
}
