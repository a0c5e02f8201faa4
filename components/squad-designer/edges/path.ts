// A dependency's line, from the two ends React Flow works out (getEdgePosition): one function for
// the edge component and for the drag frame (drag-frame.ts), which redraws a dragged task's links
// itself, so that both always draw the same line.
import { getBezierPath, type Position } from '@xyflow/react';

export type EdgeEnds = { sourceX: number; sourceY: number; targetX: number; targetY: number; sourcePosition: Position; targetPosition: Position };

export function dependencyPath(ends: EdgeEnds): string {
  return getBezierPath(ends)[0];
}
