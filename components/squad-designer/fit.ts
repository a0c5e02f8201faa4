// Fitting the view with the minimap kept clear (issue 23): the minimap sits over the canvas's
// lower right corner, so a plain fit could put tasks under it. The fit leaves room beside it
// (more padding on the right) or above it (more at the bottom), whichever keeps the larger zoom;
// with the minimap hidden (phones, designer.css) it is a plain fit.
import { getNodesBounds, getViewportForBounds, type FitViewOptions, type ReactFlowState, type Viewport } from '@xyflow/react';
import type { DesignerEdge, DesignerNode } from './types';

/** The padding of every fit, as a share of the canvas (React Flow's number padding). */
export const FIT_PADDING = 0.15;
/** The canvas's zoom bounds. */
export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 2;
/** The view a squad opens with: all of it, however many tasks (zoomed out, tasks show their names only). */
export const OPENING_VIEW = { padding: FIT_PADDING, maxZoom: 1 };

/**
 * The opening view of `nodes` on a canvas of `width` × `height`, as React Flow's `fitView` with
 * OPENING_VIEW computes it once it has measured the nodes (the same bounds, zoom limits and
 * padding), but from the nodes' stated sizes: known before the first frame, so the squad is drawn
 * fitted at once rather than at zoom 1 and then moved. Null when there is nothing to fit.
 */
export function openingViewport(nodes: DesignerNode[], width: number, height: number): Viewport | null {
  const shown = nodes.filter((n) => !n.hidden);
  if (!width || !height || !shown.length) return null;
  return getViewportForBounds(getNodesBounds(shown), width, height, MIN_ZOOM, OPENING_VIEW.maxZoom, FIT_PADDING);
}
/** Room kept between the tasks and the minimap, in screen pixels. */
const MINIMAP_GAP = 16;

type FlowState = Pick<ReactFlowState<DesignerNode, DesignerEdge>, 'domNode' | 'width' | 'height' | 'nodeLookup' | 'minZoom' | 'maxZoom'>;

/** React Flow's pixels for a number padding (its parsePadding), per side. */
const sidePadding = (size: number) => Math.floor((size - size / (1 + FIT_PADDING)) * 0.5);
const px = (n: number): `${number}px` => `${Math.ceil(n)}px`;

/** The fit-view options for the whole squad (or `nodes`), with the minimap clear of every task. */
export function fitOptions(state: FlowState, options: Omit<FitViewOptions<DesignerNode>, 'padding'> = {}): FitViewOptions<DesignerNode> {
  const { domNode, width, height } = state;
  const minimap = domNode?.querySelector('.react-flow__minimap');
  const pane = domNode?.getBoundingClientRect();
  const box = minimap?.getBoundingClientRect();
  if (!pane || !box || !box.width || !box.height || !width || !height) return { ...options, padding: FIT_PADDING };
  const ids = options.nodes ? new Set(options.nodes.map((n) => n.id)) : null;
  const nodes = [...state.nodeLookup.values()].filter((n) => !n.hidden && (!ids || ids.has(n.id)));
  if (!nodes.length) return { ...options, padding: FIT_PADDING };
  const bounds = getNodesBounds(nodes, { nodeLookup: state.nodeLookup });
  const x = sidePadding(width);
  const y = sidePadding(height);
  const beside = Math.max(x, pane.right - box.left + MINIMAP_GAP);
  const above = Math.max(y, pane.bottom - box.top + MINIMAP_GAP);
  const zoomOf = (right: number, bottom: number) => Math.min((width - x - right) / bounds.width, (height - y - bottom) / bounds.height, options.maxZoom ?? state.maxZoom);
  const besideIt = zoomOf(beside, y) >= zoomOf(x, above);
  return { ...options, padding: { top: px(y), left: px(x), right: px(besideIt ? beside : x), bottom: px(besideIt ? y : above) } };
}
