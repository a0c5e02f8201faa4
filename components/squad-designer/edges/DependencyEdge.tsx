'use client';
// A dependency: from the task depended on to the task that depends on it. Drawn in the
// problem colour, with the reason on hover, when it takes part in a broken rule (a cycle…).
import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import { useIssues } from '../context';
import type { DesignerEdge } from '../types';
import { dependencyPath } from './path';

function DependencyEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, markerEnd, selected }: EdgeProps<DesignerEdge>) {
  const problem = useIssues((issues) => issues.byEdge[id]);
  const path = dependencyPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} interactionWidth={18} className={problem ? 'sd-edge-problem' : selected ? 'sd-edge-selected' : undefined} />
      {problem && <title>{problem}</title>}
    </>
  );
}

export const DependencyEdge = memo(DependencyEdgeView);
