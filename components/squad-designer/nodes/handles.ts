// Where a task's two handles are, known before the browser lays the node out: centred on the
// node's top edge (dependencies come in) and on its bottom edge (dependents go out), HANDLE_SIZE
// pixels square (designer.css: `.sd-handle`, placed by margins of half that). Given to React Flow
// with the opening's nodes (Canvas.tsx), the links are drawn in the canvas's first frame instead
// of one frame after React Flow has measured each handle. With the nodes' sizes stated too
// (store.ts) React Flow does not measure them again, so these must be where the CSS puts the
// handles: e2e/designer.spec.ts checks that every link starts and ends on its handles' boxes.
import { Position, type NodeHandle } from '@xyflow/react';
import type { DesignerNode } from '../types';

/** A handle's width and height in pixels: `.sd-handle` in designer.css. */
export const HANDLE_SIZE = 12;

/** A task node's handles as React Flow measures them, relative to the node's top left corner. */
export function taskHandles(width: number, height: number): NodeHandle[] {
  const x = width / 2 - HANDLE_SIZE / 2;
  return [
    { type: 'target', position: Position.Top, x, y: -HANDLE_SIZE / 2, width: HANDLE_SIZE, height: HANDLE_SIZE },
    { type: 'source', position: Position.Bottom, x, y: height - HANDLE_SIZE / 2, width: HANDLE_SIZE, height: HANDLE_SIZE },
  ];
}

/** The nodes with their handles stated (tasks only: the planning agent and supervisor have none). */
export const withHandles = (nodes: DesignerNode[]): DesignerNode[] =>
  nodes.map((n) => (n.type === 'task' && n.width && n.height ? { ...n, handles: taskHandles(n.width, n.height) } : n));

/** The nodes as not yet measured: React Flow measures them, their handles, and then fits the view. */
export const unmeasured = (nodes: DesignerNode[]): DesignerNode[] => nodes.map((n) => (n.measured ? { ...n, measured: undefined } : n));
