'use client';
// The canvas's minimap: every node as a rectangle in its kind's colour, and the part of the
// squad in view, pannable (drag) and zoomable (wheel) like React Flow's <MiniMap>, which it
// replaces. React Flow's draws one SVG element per node, each with its own subscription to the
// flow's store: with 1,000 tasks that is 1,000 selectors run at every frame of a drag. This one
// reads the store once per change and draws one path per kind of node: a drag rewrites one
// short path (the nodes being dragged); the others change when a drag starts or ends.
import { Panel, useStore, useStoreApi, type ReactFlowState } from '@xyflow/react';
// React Flow's own pan/zoom handling for a minimap (the package @xyflow/react is built on).
import { XYMinimap, type XYMinimapInstance } from '@xyflow/system';
import { useEffect, useRef } from 'react';
import type { DesignerNode } from './types';

const WIDTH = 200;
const HEIGHT = 150;
/** Room around the nodes, in minimap pixels (React Flow's offsetScale). */
const OFFSET = 5;

const COLOURS: Record<DesignerNode['type'], string> = { task: '#c7d2fe', planner: '#a7f3d0', supervisor: '#fde68a' };
const KINDS = Object.keys(COLOURS) as DesignerNode['type'][];

type Rect = { x: number; y: number; width: number; height: number };

type Shape = {
  /** The nodes and the view together. */
  bounds: Rect;
  view: Rect;
  /** Per kind, the still nodes and the dragged ones, as SVG path data. */
  still: Record<string, string>;
  moving: Record<string, string>;
};

const sameRect = (a: Rect, b: Rect) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
const sameShape = (a: Shape, b: Shape) =>
  sameRect(a.bounds, b.bounds) && sameRect(a.view, b.view) && KINDS.every((k) => a.still[k] === b.still[k] && a.moving[k] === b.moving[k]);

function shapeOf(s: ReactFlowState): Shape {
  const [tx, ty, zoom] = s.transform;
  const view = { x: -tx / zoom, y: -ty / zoom, width: s.width / zoom, height: s.height / zoom };
  let minX = view.x;
  let minY = view.y;
  let maxX = view.x + view.width;
  let maxY = view.y + view.height;
  const still: Record<string, string> = { task: '', planner: '', supervisor: '' };
  const moving: Record<string, string> = { task: '', planner: '', supervisor: '' };
  for (const node of s.nodeLookup.values()) {
    const user = node.internals.userNode;
    const width = node.measured.width ?? user.width ?? user.initialWidth ?? 0;
    const height = node.measured.height ?? user.height ?? user.initialHeight ?? 0;
    if (user.hidden || !width || !height) continue;
    const { x, y } = node.internals.positionAbsolute;
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x + width);
    maxY = Math.max(maxY, y + height);
    const paths = user.dragging ? moving : still;
    const kind = user.type && Object.hasOwn(COLOURS, user.type) ? user.type : 'task';
    paths[kind] += `M${Math.round(x)} ${Math.round(y)}h${Math.round(width)}v${Math.round(height)}h${-Math.round(width)}z`;
  }
  return { bounds: { x: minX, y: minY, width: maxX - minX, height: maxY - minY }, view, still, moving };
}

const selectPanZoom = (s: ReactFlowState) => s.panZoom;
const selectExtent = (s: ReactFlowState) => s.translateExtent;
const selectWidth = (s: ReactFlowState) => s.width;
const selectHeight = (s: ReactFlowState) => s.height;

export function SquadMiniMap({ ariaLabel }: { ariaLabel: string }) {
  const store = useStoreApi();
  const svg = useRef<SVGSVGElement>(null);
  const { bounds, view, still, moving } = useStore(shapeOf, sameShape);
  const panZoom = useStore(selectPanZoom);
  const translateExtent = useStore(selectExtent);
  const flowWidth = useStore(selectWidth);
  const flowHeight = useStore(selectHeight);
  const minimap = useRef<XYMinimapInstance | null>(null);

  // Fitted like React Flow's: the bounds centred, scaled to the larger of the two ratios.
  const scale = Math.max(bounds.width / WIDTH, bounds.height / HEIGHT);
  const viewScale = useRef(scale);
  useEffect(() => {
    viewScale.current = scale;
  }, [scale]);
  const offset = OFFSET * scale;
  const x = bounds.x - (scale * WIDTH - bounds.width) / 2 - offset;
  const y = bounds.y - (scale * HEIGHT - bounds.height) / 2 - offset;
  const width = scale * WIDTH + offset * 2;
  const height = scale * HEIGHT + offset * 2;

  useEffect(() => {
    if (!svg.current || !panZoom) return;
    const instance = XYMinimap({ domNode: svg.current, panZoom, getTransform: () => store.getState().transform, getViewScale: () => viewScale.current });
    minimap.current = instance;
    return () => {
      instance.destroy();
      minimap.current = null;
    };
  }, [panZoom, store]);

  useEffect(() => {
    minimap.current?.update({ translateExtent, width: flowWidth, height: flowHeight, pannable: true, zoomable: true, zoomStep: 1, inversePan: false });
  }, [panZoom, translateExtent, flowWidth, flowHeight]);

  return (
    <Panel position="bottom-right" className="react-flow__minimap" data-testid="rf__minimap">
      <svg width={WIDTH} height={HEIGHT} viewBox={`${x} ${y} ${width} ${height}`} className="react-flow__minimap-svg" role="img" aria-label={ariaLabel} ref={svg}>
        <title>{ariaLabel}</title>
        {/* The colour in style: React Flow's stylesheet sets the fill of .react-flow__minimap-node. */}
        {KINDS.map((kind) => (
          <path key={kind} className="react-flow__minimap-node" d={still[kind] || undefined} style={{ fill: COLOURS[kind] }} shapeRendering="crispEdges" />
        ))}
        {KINDS.map((kind) => moving[kind] && <path key={`${kind}-moving`} className="react-flow__minimap-node" d={moving[kind]} style={{ fill: COLOURS[kind] }} shapeRendering="crispEdges" />)}
        <path
          className="react-flow__minimap-mask"
          d={`M${x - offset},${y - offset}h${width + offset * 2}v${height + offset * 2}h${-width - offset * 2}z M${view.x},${view.y}h${view.width}v${view.height}h${-view.width}z`}
          fillRule="evenodd"
          pointerEvents="none"
        />
      </svg>
    </Panel>
  );
}
